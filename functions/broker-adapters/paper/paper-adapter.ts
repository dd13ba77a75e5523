import type { Instrument } from '../../../shared/domain/instruments';
import { BusinessRuleError } from '../../platform/errors';
import type { BrokerAdapter, OrderRequest, PlaceOutcome } from '../broker-adapter';
import type { PaperAccountState } from './account-state';
import { availableFunds, fundsOf } from './funds';
import { settleDeliveries, toBrokerHolding } from './holdings';
import { createMarketHours, type HolidayPredicate } from './market-hours';
import { cancelOrder, modifyOrder, onTick, placeOrder, type EngineStep, type OrderChangeOutcome, type PriceOf } from './order-engine';
import { requiredMargin } from './order-margin';
import { toBrokerOrder, toBrokerPosition } from './order-views';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { squareOff, squareOffAll, squareOffIntraday } from './square-off';
import { PaperStateConflictError, type LoadPaperAccount, type SavePaperAccount, type StoredPaperAccount } from './state-store';

/**
 * The paper broker behind the common `BrokerAdapter` port. Stateless between calls: every call loads
 * the account, first lets the market catch up to the clock (delivery settlement into holdings, auto
 * square-off, expiries, fills of pending orders at this second's prices), applies the operation, and
 * saves with an optimistic-lock version — reloading and retrying on a conflicting write. So "a tick"
 * happens whenever anyone looks, and the position monitor's once-a-second call (or `tick()`) keeps
 * fills on time.
 */
export interface PaperAdapterOptions {
  readonly load: LoadPaperAccount;
  /**
   * The first attempt of a change may start from this instead (a store's recent copy, issue 22): its
   * outcome stands only once the versioned save has proved the copy current. Default: `load`.
   */
  readonly loadForChange?: LoadPaperAccount;
  readonly save: SavePaperAccount;
  readonly clock: () => Date;
  /** Trade every second of every day (local demos, tests). Default: real market hours. */
  readonly always_open?: boolean;
  /** The market-data holiday calendar; default: no holidays (weekends are always closed). */
  readonly isHoliday?: HolidayPredicate;
  readonly priceFeed?: PriceFeed;
}

export interface PaperAdapter extends BrokerAdapter {
  /** Let the market move to the clock's now and persist whatever that filled, expired or squared off. */
  tick(): Promise<void>;
  /** Close every open position in a trading symbol with opposite MARKET orders. */
  squareOff(tradingSymbol: string): Promise<readonly PlaceOutcome[]>;
  squareOffAll(): Promise<readonly PlaceOutcome[]>;
}

/** A modification or cancellation the paper exchange refused (HTTP 422 through the error mapper). */
export class PaperOrderRejectedError extends BusinessRuleError {}

const MAX_WRITE_ATTEMPTS = 3;

function unchanged<Outcome>(state: PaperAccountState, outcome: Outcome): EngineStep<Outcome> {
  return { state, outcome };
}

type PlaceAt = (state: PaperAccountState, request: OrderRequest, now: Date, ltp: number) => EngineStep<PlaceOutcome>;

/** Place several orders one after another on the same state. */
function placeAll(
  state: PaperAccountState,
  requests: readonly OrderRequest[],
  now: Date,
  priceOf: PriceOf,
  place: PlaceAt,
): EngineStep<readonly PlaceOutcome[]> {
  return requests.reduce<EngineStep<readonly PlaceOutcome[]>>(
    (step, request) => {
      const placed = place(step.state, request, now, priceOf(request.instrument, now));
      return { state: placed.state, outcome: [...step.outcome, placed.outcome] };
    },
    { state, outcome: [] },
  );
}

function throwIfRejected(outcome: OrderChangeOutcome): void {
  if (outcome.kind === 'rejected') throw new PaperOrderRejectedError(outcome.reason);
}

export function createPaperAdapter(options: PaperAdapterOptions): PaperAdapter {
  const hours = createMarketHours({ alwaysOpen: options.always_open ?? false, isHoliday: options.isHoliday });
  const feed = options.priceFeed ?? createPriceFeed();
  const priceOf: PriceOf = (instrument, at) => feed.ltp(instrument, at);
  const placeWithHours: PlaceAt = (state, request, now, ltp) => placeOrder(state, request, now, ltp, hours);

  const catchUp = (state: PaperAccountState, now: Date): PaperAccountState =>
    onTick(squareOffIntraday(settleDeliveries(state, now), now, priceOf, hours), now, priceOf, hours);

  /**
   * The account as this adapter's last placement saved it, kept for the order path's read-back of the
   * order book that follows at once (issue 22: no engine call beyond the placement's own). Used once,
   * by the next call only; any other call forgets it first. It is a
   * first attempt like any load: a change made meanwhile by another writer fails the versioned save,
   * and the retry loads the account afresh.
   */
  let justPlaced: StoredPaperAccount | null = null;
  let lastStored: StoredPaperAccount | null = null;

  /** Where the first attempt starts: a state the caller knows, the store's copy for a change, or a fresh load. */
  type Start = { readonly known: StoredPaperAccount } | 'change' | 'read';

  async function transact<Outcome>(operation: (state: PaperAccountState, now: Date) => EngineStep<Outcome>, start: Start = 'read'): Promise<Outcome> {
    justPlaced = null;
    const copy = start === 'change' ? options.loadForChange : undefined;
    let next: () => Promise<StoredPaperAccount> = typeof start === 'object' ? async () => start.known : (copy ?? options.load);
    // A result from the store's copy stands only once a versioned save proved the copy current.
    let fromCopy = copy !== undefined;
    for (let saves = 1; ; ) {
      const { state, version } = await next();
      next = options.load;
      const now = options.clock();
      const step = operation(catchUp(state, now), now);
      if (step.state === state) {
        // Nothing to save proves nothing about a copy: answer from the stored account instead.
        if (fromCopy) {
          fromCopy = false;
          continue;
        }
        lastStored = { state, version };
        return step.outcome;
      }
      try {
        await options.save(step.state, version);
        lastStored = { state: step.state, version: version + 1 };
        return step.outcome;
      } catch (error) {
        if (!(error instanceof PaperStateConflictError) || saves >= MAX_WRITE_ATTEMPTS) throw error;
        saves += 1;
        fromCopy = false;
      }
    }
  }

  return {
    placeOrder: async (order) => {
      const outcome = await transact((state, now) => placeWithHours(state, order, now, priceOf(order.instrument, now)), 'change');
      justPlaced = lastStored;
      if (outcome.kind !== 'accepted') return outcome;
      // The exchange's answer already holds the order's fill (or its open state): no read-back needed.
      const placed = lastStored?.state.orders.find((paperOrder) => paperOrder.id === outcome.brokerOrderId);
      return placed ? { ...outcome, view: toBrokerOrder(placed) } : outcome;
    },
    orderBook: () => transact((state) => unchanged(state, state.orders.map(toBrokerOrder)), justPlaced ? { known: justPlaced } : 'read'),
    modifyOrder: async (change) => throwIfRejected(await transact((state, now) => modifyOrder(state, change, now, priceOf, hours), 'change')),
    cancelOrder: async (brokerOrderId) => throwIfRejected(await transact((state, now) => cancelOrder(state, brokerOrderId, now), 'change')),
    positions: () =>
      transact((state, now) => unchanged(state, state.positions.map((position) => toBrokerPosition(position, priceOf(position.instrument, now))))),
    funds: () => transact((state) => unchanged(state, fundsOf(state))),
    holdings: () =>
      transact((state, now) => unchanged(state, state.holdings.map((holding) => toBrokerHolding(holding, priceOf(holding.instrument, now))))),
    // What the exchange's own check would hold for it now (order-margin.ts), next to what is free.
    orderMargin: (order) =>
      transact((state, now) =>
        unchanged(state, { required: requiredMargin(state, order, priceOf(order.instrument, now), null), available: availableFunds(state) }),
      ),
    // Keyed by the platform's script_id (`<exchange>:<trading_symbol>`).
    ltp: async (instruments: readonly Instrument[]) => {
      const now = options.clock();
      return new Map(instruments.map((instrument) => [instrument.script_id, priceOf(instrument, now)]));
    },
    tick: () => transact((state) => unchanged(state, undefined)),
    squareOff: (tradingSymbol) => transact((state, now) => placeAll(state, squareOff(state, tradingSymbol), now, priceOf, placeWithHours), 'change'),
    squareOffAll: () => transact((state, now) => placeAll(state, squareOffAll(state), now, priceOf, placeWithHours), 'change'),
  };
}
