import type { AccountPosition } from '../../shared/contracts/broker-trading';
import type { OpenPositionsDetail } from '../../shared/contracts/dashboard';
import type { PositionItem } from '../data/ordermanager/position-item';

/**
 * The dashboard's open-positions count (the rule is written in shared/contracts/dashboard.ts): the
 * read accounts' net non-zero positions, plus the OPEN order-manager positions none of them covers.
 * A broker position and an order-manager position are the same holding when they name the same
 * account, script and product.
 */

/** One read account's positions, named by the platform's script where the master knows the row. */
export interface AccountHoldings {
  readonly brokerId: string;
  readonly positions: readonly Pick<AccountPosition, 'script_id' | 'exchange' | 'trading_symbol' | 'product' | 'net_quantity'>[];
}

export type ManagedPosition = Pick<PositionItem, 'op_status' | 'broker_id' | 'instrument' | 'product'>;

const holdingKey = (brokerId: string, script: string, product: string) => `${brokerId}|${script}|${product}`;

export function countOpenPositions(accounts: readonly AccountHoldings[], managed: readonly ManagedPosition[]): { total: number; detail: OpenPositionsDetail } {
  const held = new Set<string>();
  for (const account of accounts) {
    for (const position of account.positions) {
      if (position.net_quantity === 0) continue;
      const script = position.script_id ?? `${position.exchange ?? '?'}:${position.trading_symbol}`;
      held.add(holdingKey(account.brokerId, script, position.product));
    }
  }
  let inBroker = 0;
  let managerOnly = 0;
  for (const position of managed) {
    if (position.op_status !== 'OPEN') continue;
    if (held.has(holdingKey(position.broker_id, position.instrument.script_id, position.product))) inBroker += 1;
    else managerOnly += 1;
  }
  const detail = { broker_positions: held.size, order_manager_only: managerOnly, order_manager_in_broker: inBroker };
  return { total: held.size + managerOnly, detail };
}
