import type { Group, GroupOrderCounter } from '@shared/contracts/groups';

/** The order counters of spec §3 as a group shows them, in this order (quantities are units). */
export const ORDER_COUNTER_LABELS: Readonly<Record<GroupOrderCounter, string>> = {
  total_orders: 'Orders',
  total_quantity: 'Total qty',
  completed_quantity: 'Completed qty',
  pending_quantity: 'Pending qty',
  rejected_quantity: 'Rejected qty',
  failed_quantity: 'Failed qty',
  cancelled_quantity: 'Cancelled qty',
};

export const ORDER_COUNTERS = Object.keys(ORDER_COUNTER_LABELS).filter((name): name is GroupOrderCounter => name in ORDER_COUNTER_LABELS);

/** A figure as a counters list shows it: its label and count. */
export type CounterFigure = readonly [label: string, value: number];

/** The accounts and order counters of spec §3, as a group card shows them. */
export function groupFigures(group: Group): CounterFigure[] {
  return [['Accounts', group.group_broker_count], ...ORDER_COUNTERS.map((counter): CounterFigure => [ORDER_COUNTER_LABELS[counter], group[counter]])];
}
