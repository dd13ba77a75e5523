import type { GroupSquareOff } from '@shared/contracts/groups';
import type { ToastVariation } from '@/components/toast/toast-context';
import { squareOffOutcome } from '@/entities/account-positions/position-closing';

/** The toast after squaring off a group: the closing orders' outcome, then every account that could not close. */
export function groupSquareOffOutcome(result: GroupSquareOff): { variation: ToastVariation; message: string } {
  const orders = result.children.flatMap((child) => child.orders);
  const failures = result.children.filter((child) => child.reason !== null).map((child) => `${child.broker_combined_name}: ${child.reason}`);
  const outcome = squareOffOutcome(orders);
  if (failures.length === 0) return outcome;
  return { variation: 'error', message: `${outcome.message} Not closed on ${failures.join('; ')}` };
}
