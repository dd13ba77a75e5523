import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerFunds, BrokerHolding, BrokerMargin, BrokerPosition, OrderModification, OrderRequest, PlaceOutcome } from '../broker-adapter';
import { inBatches } from '../http/batches';
import { BrokerRejectedError } from '../http/broker-errors';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { placeOutcomeOf } from '../http/place-outcome';
import { findByTag, type ReconcileResult, type ReconcilingBrokerAdapter } from '../http/reconcile';
import { logBrokerAlert, type AlertSink } from '../mapping/broker-alerts';
import { brokerAddressOf, orderAddressOf, type OrderAddress } from '../mapping/instrument-address';
import type { NormalisedBrokerOrder } from '../mapping/normalised-order';
import { orderRequestProblem } from '../mapping/order-rules';
import { brokerProductCode } from '../mapping/products';
import { FyersClient, type Sleep } from './fyers-client';
import { FYERS_BROKER, FYERS_ENDPOINT, FYERS_PATHS, FYERS_QUOTE_BATCH_SIZE, FYERS_RATE_PLAN, type FyersRateClass } from './fyers-config';
import { fyersModifyBody, fyersPlaceBody, fyersTypeCode } from './fyers-order-body';
import { fyersHoldingOf, fyersHoldingsData, fyersMarginBody, fyersMarginData, fyersMarginOf } from './fyers-portfolio';
import { fyersFundsOf, fyersOrderOf, fyersPositionOf } from './fyers-readers';
import { fyersFundsData, fyersOrderBookData, fyersOrderIdData, fyersPositionsData, fyersQuotesData, type FyersOrderRow } from './fyers-schemas';
import type { FyersSession } from './fyers-session';

export interface FyersAdapterOptions extends PlumbingOverrides<FyersRateClass> {
  readonly session: FyersSession;
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the Fyers client id). */
  readonly accountKey?: string;
  readonly clock?: Clock;
  readonly alert?: AlertSink;
  /** How a read refused for rate waits before it is repeated (tests record the wait instead). */
  readonly sleep?: Sleep;
}

type FyersPlacement = { readonly address: OrderAddress; readonly productCode: string };

/** Why the order cannot go to Fyers as asked, or its product code and symbol. */
function placementOf(order: OrderRequest): FyersPlacement | { readonly problem: string } {
  const problem = orderRequestProblem(order);
  if (problem) return { problem };
  const productCode = brokerProductCode('fyers', order.product);
  if (productCode === null) return { problem: `Fyers does not offer the ${order.product} product` };
  const address = orderAddressOf('fyers', order.instrument);
  if (!address) return { problem: `${order.instrument.script_id} has no Fyers symbol in the master` };
  return { address, productCode };
}

/** Fyers API v3 behind the platform's BrokerAdapter port (reference/brokers.md §5, §9). */
export class FyersAdapter implements ReconcilingBrokerAdapter {
  private readonly client: FyersClient;
  private readonly alert: AlertSink;

  constructor(options: FyersAdapterOptions) {
    const plumbing = createBrokerPlumbing(
      FYERS_BROKER,
      options.accountKey ?? options.session.userId,
      { endpoint: FYERS_ENDPOINT, ratePlan: FYERS_RATE_PLAN },
      options,
    );
    this.client = new FyersClient(plumbing, options.session, options.clock ?? systemClock, options.sleep);
    this.alert = options.alert ?? logBrokerAlert;
  }

  async placeOrder(order: OrderRequest): Promise<PlaceOutcome> {
    const placement = placementOf(order);
    if ('problem' in placement) return { kind: 'rejected', reason: placement.problem };
    try {
      const placed = await this.client.call({
        method: 'POST',
        path: FYERS_PATHS.orderSync,
        body: fyersPlaceBody(order, placement.address, placement.productCode),
        mode: 'write',
        schema: fyersOrderIdData,
      });
      return { kind: 'accepted', brokerOrderId: placed.id };
    } catch (error) {
      return placeOutcomeOf(error);
    }
  }

  /** One order by id (`GET /orders?id=`); Fyers answers −51 for an id it does not know. */
  private async currentOrder(brokerOrderId: string): Promise<FyersOrderRow> {
    const rows = await this.client.call({
      method: 'GET',
      path: FYERS_PATHS.orders,
      query: [['id', brokerOrderId]],
      mode: 'read',
      schema: fyersOrderBookData,
    });
    const row = rows.find((candidate) => candidate.id === brokerOrderId);
    if (!row) throw new BrokerRejectedError(FYERS_BROKER, `Order ${brokerOrderId} is not in the Fyers order book`, '-51');
    return row;
  }

  async modifyOrder(change: OrderModification): Promise<void> {
    // `type` is mandatory on a modify; only when it is not changing is the book asked for the current one.
    const typeCode = change.orderType ? fyersTypeCode(change.orderType) : Number((await this.currentOrder(change.brokerOrderId)).type);
    await this.client.call({
      method: 'PATCH',
      path: FYERS_PATHS.orderSync,
      body: fyersModifyBody(change, typeCode),
      mode: 'write',
      schema: fyersOrderIdData,
    });
  }

  async cancelOrder(brokerOrderId: string): Promise<void> {
    await this.client.call({
      method: 'DELETE',
      path: FYERS_PATHS.orderSync,
      body: { id: brokerOrderId },
      mode: 'write',
      schema: fyersOrderIdData,
    });
  }

  async orderBook(): Promise<readonly NormalisedBrokerOrder[]> {
    const rows = await this.client.call({ method: 'GET', path: FYERS_PATHS.orders, mode: 'read', schema: fyersOrderBookData });
    return rows.map((row) => fyersOrderOf(row, this.alert));
  }

  async reconcileByTag(tag: string): Promise<ReconcileResult> {
    return findByTag(await this.orderBook(), tag);
  }

  async positions(): Promise<readonly BrokerPosition[]> {
    const rows = await this.client.call({ method: 'GET', path: FYERS_PATHS.positions, mode: 'read', schema: fyersPositionsData });
    return rows.map((row) => fyersPositionOf(row, this.alert));
  }

  async funds(): Promise<BrokerFunds> {
    return fyersFundsOf(await this.client.call({ method: 'GET', path: FYERS_PATHS.funds, mode: 'read', schema: fyersFundsData }));
  }

  async holdings(): Promise<readonly BrokerHolding[]> {
    const rows = await this.client.call({ method: 'GET', path: FYERS_PATHS.holdings, mode: 'read', schema: fyersHoldingsData });
    return rows.map(fyersHoldingOf);
  }

  /** The margin calculator for the one order (a read: nothing is placed); an order Fyers could not take is refused as placing would. */
  async orderMargin(order: OrderRequest): Promise<BrokerMargin> {
    const placement = placementOf(order);
    if ('problem' in placement) throw new BrokerRejectedError(FYERS_BROKER, placement.problem);
    const data = await this.client.call({
      method: 'POST',
      path: FYERS_PATHS.margin,
      body: fyersMarginBody(order, placement.address, placement.productCode),
      mode: 'read',
      schema: fyersMarginData,
    });
    return fyersMarginOf(data);
  }

  /** Last prices keyed by `script_id`, from `/data/quotes` by symbol ticker; instruments Fyers cannot address are left out. */
  async ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>> {
    const keyed = instruments.flatMap((instrument) => {
      const ticker = brokerAddressOf('fyers', instrument)?.tradingSymbol;
      return ticker ? [{ scriptId: instrument.script_id, ticker }] : [];
    });
    const prices = new Map<string, number>();
    for (const batch of inBatches(keyed, FYERS_QUOTE_BATCH_SIZE)) {
      const quotes = await this.client.call({
        method: 'GET',
        path: FYERS_PATHS.quotes,
        query: [['symbols', batch.map((entry) => entry.ticker).join(',')]],
        mode: 'read',
        schema: fyersQuotesData,
      });
      for (const entry of batch) {
        const lastPrice = quotes.find((quote) => quote.n === entry.ticker && quote.s === 'ok')?.v?.lp;
        if (lastPrice !== undefined) prices.set(entry.scriptId, lastPrice);
      }
    }
    return prices;
  }
}
