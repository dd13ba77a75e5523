import type { BrokerAccount } from '@shared/contracts/broker';
import type { BrokerStatus } from '@shared/domain/states';

/**
 * Why the server will not send a group's order to an account (functions/orders/tradable-account.ts
 * decides; the SPA may not import it), said where the user can act on it.
 */
export const NOT_CONNECTED_NOTE = 'Not connected: reconnect it on the Demat page.';
export const ACCOUNT_TRADING_OFF_NOTE = "The account's own Trading switch is off (Demat page).";

/** The reason an account takes no new order now, or null: `account` is the user's own view of it, when loaded. */
export function accountRefusal(status: BrokerStatus, account: BrokerAccount | undefined): string | null {
  if (status !== 'connected') return NOT_CONNECTED_NOTE;
  if (account && !account.trading_enabled) return ACCOUNT_TRADING_OFF_NOTE;
  return null;
}
