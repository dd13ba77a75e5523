import type { Instrument } from '../../shared/domain/instruments';
import type { PRODUCTS } from '../../shared/domain/ranges';
import type { BrokerPosition } from '../broker-adapters/broker-adapter';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import type { OrderGroupLink, OrderOrigin, StoredOrder } from '../data/orders/order';
import { scriptResolverOf } from '../broker-adapters/mapping/script-resolver';
import { instrumentMaster } from '../market/instrument-master';
import type { Logger } from '../platform/logger';
import { withBroker } from './account-adapter';
import { NoOpenPositionError } from './order-errors';
import type { OrderTicket } from './order-ticket';
import { placeOrder } from './place-order';
import { assertTradable, CLOSING_POLICY } from './tradable-account';

/**
 * Closing positions: each open net position gets one opposite MARKET order for its whole quantity,
 * placed through the order path like any other (intent, tag, timeline), origin manual unless the
 * scope says otherwise (a group's square-off is copy trading's, counted on the group). Closing needs
 * a connected account, not the trading flag.
 */
type Product = (typeof PRODUCTS)[number];

export interface SquareOffScope {
  /** Only positions in these scripts (every open position when absent). */
  readonly scripts?: ReadonlySet<string>;
  readonly origin?: OrderOrigin;
  readonly group?: OrderGroupLink;
}

interface ClosingTarget {
  readonly position: BrokerPosition;
  readonly instrument: Instrument;
}

function isOpen(position: BrokerPosition): boolean {
  return position.netQuantity !== 0;
}

async function openPositions(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<readonly BrokerPosition[]> {
  assertTradable(account, CLOSING_POLICY);
  return (await withBroker(owner, account, log, (adapter) => adapter.positions())).filter(isOpen);
}

async function close(owner: AccountOwner, account: BrokerAccountItem, targets: readonly ClosingTarget[], log: Logger, scope: SquareOffScope = {}): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  for (const { position, instrument } of targets) {
    const ticket: OrderTicket = {
      instrument,
      action: position.netQuantity > 0 ? 'SELL' : 'BUY',
      orderType: 'MARKET',
      product: position.product,
      quantity: Math.abs(position.netQuantity),
      price: null,
      triggerPrice: null,
    };
    const command = { ticket, idempotencyKey: null, ...(scope.group ? { group: scope.group } : {}) };
    const placed = await placeOrder(owner, account, command, scope.origin ?? 'manual', log, CLOSING_POLICY);
    orders.push(placed.order);
  }
  return orders;
}

/**
 * The account's open positions with the platform script each is in (through the broker's own
 * addresses in the master); a position the master cannot name is left alone and logged, never guessed.
 */
async function closingTargets(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<ClosingTarget[]> {
  const resolve = scriptResolverOf(account.broker, await instrumentMaster());
  const targets: ClosingTarget[] = [];
  for (const position of await openPositions(owner, account, log)) {
    const { instrument } = resolve({ exchange: position.exchange, tradingSymbol: position.tradingSymbol, token: null });
    if (instrument) targets.push({ position, instrument });
    else log.warn('open position in a script the master does not name', { brokerId: account.broker_id, symbol: position.tradingSymbol });
  }
  return targets;
}

/** Closes the account's net position in one script and product. */
export async function squareOffPosition(owner: AccountOwner, account: BrokerAccountItem, instrument: Instrument, product: Product, log: Logger): Promise<StoredOrder[]> {
  const matching = (await closingTargets(owner, account, log)).filter(
    (target) => target.instrument.script_id === instrument.script_id && target.position.product === product,
  );
  if (matching.length === 0) throw new NoOpenPositionError(`There is no open ${product} position in ${instrument.trading_symbol}.`);
  return close(owner, account, matching, log);
}

/** Closes every open position of the account (of the scope's scripts, when it names some). */
export async function squareOffAllPositions(owner: AccountOwner, account: BrokerAccountItem, log: Logger, scope: SquareOffScope = {}): Promise<StoredOrder[]> {
  const targets = (await closingTargets(owner, account, log)).filter((target) => !scope.scripts || scope.scripts.has(target.instrument.script_id));
  return close(owner, account, targets, log, scope);
}
