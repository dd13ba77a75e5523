import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import { AccountNotTradableError } from './order-errors';

export const NOT_CONNECTED_MESSAGE = 'This broker account is not connected. Connect it again to trade.';
export const TRADING_OFF_MESSAGE = 'Trading is turned off for this broker account.';

/** New orders need a connected account whose trading flag is on (closing positions needs only the connection). */
export interface TradingPolicy {
  readonly requireTradingFlag: boolean;
}

export const OPENING_POLICY: TradingPolicy = { requireTradingFlag: true };
export const CLOSING_POLICY: TradingPolicy = { requireTradingFlag: false };
/** Reading what the broker holds needs a live session, not the trading flag. */
export const READING_POLICY: TradingPolicy = { requireTradingFlag: false };

/** Why the account cannot take orders under the policy, or null when it can. */
export function tradingRefusal(account: BrokerAccountItem, policy: TradingPolicy): string | null {
  if (account.status !== 'connected') return NOT_CONNECTED_MESSAGE;
  if (policy.requireTradingFlag && !account.trading_enabled) return TRADING_OFF_MESSAGE;
  return null;
}

export function assertTradable(account: BrokerAccountItem, policy: TradingPolicy): void {
  const refusal = tradingRefusal(account, policy);
  if (refusal !== null) throw new AccountNotTradableError(refusal);
}
