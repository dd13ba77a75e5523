import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerFunds, BrokerHolding, BrokerMargin, BrokerPosition, OrderModification, OrderRequest, PlaceOutcome } from '../broker-adapter';
import { inBatches } from '../http/batches';
import { BrokerRejectedError } from '../http/broker-errors';
import { systemClock, type Clock } from '../http/clock';
import { placeOutcomeOf } from '../http/place-outcome';
import { findByTag, type ReconcileResult, type ReconcilingBrokerAdapter } from '../http/reconcile';
import { logBrokerAlert, type AlertSink } from '../mapping/broker-alerts';
import { brokerAddressOf, orderAddressOf } from '../mapping/instrument-address';
import type { NormalisedBrokerOrder } from '../mapping/normalised-order';
import { orderRequestProblem } from '../mapping/order-rules';
import { brokerProductCode } from '../mapping/products';
import { UpstoxClient, type Sleep } from './upstox-client';
import { UPSTOX_BROKER, UPSTOX_EQUITY_FUNDS_SEGMENT, UPSTOX_LTP_BATCH_SIZE, UPSTOX_PATHS } from './upstox-config';
import { countsInLots, upstoxAlgoHeaders, upstoxModifyBody, upstoxPlaceBody, upstoxQuantityOf } from './upstox-order-body';
import { createUpstoxPlumbing, type UpstoxPlumbingOverrides } from './upstox-plumbing';
import { upstoxHoldingOf, upstoxHoldingsData, upstoxMarginBody, upstoxMarginData, upstoxMarginOf } from './upstox-portfolio';
import { upstoxFundsOf, upstoxOrderOf, upstoxPositionOf } from './upstox-readers';
import {
  upstoxFundsData,
  upstoxLtpData,
  upstoxOrderBookData,
  upstoxOrderIdData,
  upstoxOrderRow,
  upstoxPlacedData,
  upstoxPositionsData,
  type UpstoxOrderRow,
} from './upstox-schemas';
import type { UpstoxSession } from './upstox-session';

export interface UpstoxAdapterOptions extends UpstoxPlumbingOverrides {
  readonly session: UpstoxSession;
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the Upstox user id). */
  readonly accountKey?: string;
  readonly clock?: Clock;
  readonly alert?: AlertSink;
  /** How a rate-limited read waits before it is repeated (tests record the waits instead). */
  readonly sleep?: Sleep;
}

type Placement = { readonly instrumentKey: string; readonly productCode: string; readonly quantity: number };

/** Why this order cannot go to Upstox as asked, or what to send: key, product code and quantity in Upstox's unit. */
function placementOf(order: OrderRequest): Placement | { readonly problem: string } {
  const problem = orderRequestProblem(order);
  if (problem) return { problem };
  const productCode = brokerProductCode('upstox', order.product);
  if (productCode === null) return { problem: `Upstox does not offer the ${order.product} product` };
  const address = orderAddressOf('upstox', order.instrument);
  if (!address?.token) return { problem: `${order.instrument.script_id} has no Upstox instrument key in the master` };
  // The key names its segment; one from another segment is a mixed-up master row and would trade the wrong thing.
  if (!address.token.startsWith(`${address.exchange}|`)) {
    return { problem: `${order.instrument.script_id} has an Upstox instrument key from another segment (${address.token})` };
  }
  const quantity = upstoxQuantityOf(order.instrument, order.quantity);
  if (quantity === null) return { problem: `Quantity must be a multiple of the lot size ${order.instrument.lot_size}` };
  return { instrumentKey: address.token, productCode, quantity };
}

/** Upstox API v2/v3 behind the platform's BrokerAdapter port (reference/brokers.md §4, §9). */
export class UpstoxAdapter implements ReconcilingBrokerAdapter {
  private readonly client: UpstoxClient;
  private readonly alert: AlertSink;

  constructor(options: UpstoxAdapterOptions) {
    const plumbing = createUpstoxPlumbing(options.accountKey ?? options.session.userId, options);
    this.client = new UpstoxClient(plumbing, options.session, options.clock ?? systemClock, options.sleep);
    this.alert = options.alert ?? logBrokerAlert;
  }

  async placeOrder(order: OrderRequest): Promise<PlaceOutcome> {
    const placement = placementOf(order);
    if ('problem' in placement) return { kind: 'rejected', reason: placement.problem };
    try {
      const placed = await this.client.call({
        host: 'orders',
        method: 'POST',
        path: UPSTOX_PATHS.placeOrder,
        json: upstoxPlaceBody(order, placement.instrumentKey, placement.productCode, placement.quantity),
        headers: upstoxAlgoHeaders(order.algoId),
        rateClass: 'order',
        mode: 'write',
        schema: upstoxPlacedData,
      });
      return { kind: 'accepted', brokerOrderId: placed.order_ids[0] };
    } catch (error) {
      return placeOutcomeOf(error);
    }
  }

  /** The order as Upstox holds it now (`GET /v2/order/details`). */
  private async currentOrder(brokerOrderId: string): Promise<UpstoxOrderRow> {
    return this.client.call({
      host: 'api',
      method: 'GET',
      path: UPSTOX_PATHS.orderDetails,
      query: [['order_id', brokerOrderId]],
      rateClass: 'read',
      mode: 'read',
      schema: upstoxOrderRow,
    });
  }

  async modifyOrder(change: OrderModification): Promise<void> {
    const current = await this.currentOrder(change.brokerOrderId);
    if (change.quantity !== undefined && countsInLots(current.instrument_token)) {
      // The book's quantity there is Upstox's lot count and the change is in units; the lot size is not known here.
      throw new BrokerRejectedError(UPSTOX_BROKER, 'Upstox counts commodity quantities in lots: cancel and place the order again to change its quantity');
    }
    await this.client.call({
      host: 'orders',
      method: 'PUT',
      path: UPSTOX_PATHS.modifyOrder,
      json: upstoxModifyBody(change, current),
      headers: upstoxAlgoHeaders(change.algoId),
      rateClass: 'order',
      mode: 'write',
      schema: upstoxOrderIdData,
    });
  }

  async cancelOrder(brokerOrderId: string): Promise<void> {
    await this.client.call({
      host: 'orders',
      method: 'DELETE',
      path: UPSTOX_PATHS.cancelOrder,
      query: [['order_id', brokerOrderId]],
      rateClass: 'order',
      mode: 'write',
      schema: upstoxOrderIdData,
    });
  }

  async orderBook(): Promise<readonly NormalisedBrokerOrder[]> {
    const rows = await this.client.call({ host: 'api', method: 'GET', path: UPSTOX_PATHS.orderBook, rateClass: 'read', mode: 'read', schema: upstoxOrderBookData });
    return rows.map((row) => upstoxOrderOf(row, this.alert));
  }

  async reconcileByTag(tag: string): Promise<ReconcileResult> {
    return findByTag(await this.orderBook(), tag);
  }

  async positions(): Promise<readonly BrokerPosition[]> {
    const rows = await this.client.call({ host: 'api', method: 'GET', path: UPSTOX_PATHS.positions, rateClass: 'read', mode: 'read', schema: upstoxPositionsData });
    return rows.map((row) => upstoxPositionOf(row, this.alert));
  }

  async funds(): Promise<BrokerFunds> {
    const funds = await this.client.call({
      host: 'api',
      method: 'GET',
      path: UPSTOX_PATHS.funds,
      query: [['segment', UPSTOX_EQUITY_FUNDS_SEGMENT]],
      rateClass: 'read',
      mode: 'read',
      schema: upstoxFundsData,
    });
    return upstoxFundsOf(funds);
  }

  async holdings(): Promise<readonly BrokerHolding[]> {
    const rows = await this.client.call({ host: 'api', method: 'GET', path: UPSTOX_PATHS.holdings, rateClass: 'read', mode: 'read', schema: upstoxHoldingsData });
    return rows.map(upstoxHoldingOf);
  }

  /** `POST /v2/charges/margin` for the one order (a read: nothing is placed); an order Upstox could not take is refused as placing would. */
  async orderMargin(order: OrderRequest): Promise<BrokerMargin> {
    const placement = placementOf(order);
    if ('problem' in placement) throw new BrokerRejectedError(UPSTOX_BROKER, placement.problem);
    const data = await this.client.call({
      host: 'api',
      method: 'POST',
      path: UPSTOX_PATHS.margin,
      json: upstoxMarginBody(order, placement.instrumentKey, placement.productCode, placement.quantity),
      rateClass: 'read',
      mode: 'read',
      schema: upstoxMarginData,
    });
    return upstoxMarginOf(data);
  }

  /**
   * Last prices keyed by `script_id`, asked by instrument key (comma-separated, §4.6). Upstox keys its answer
   * by `SEGMENT:TRADINGSYMBOL`, so quotes are matched on their `instrument_token`; unaddressable instruments are left out.
   */
  async ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>> {
    const keyed = instruments.flatMap((instrument) => {
      const instrumentKey = brokerAddressOf('upstox', instrument)?.token;
      return instrumentKey ? [{ scriptId: instrument.script_id, instrumentKey }] : [];
    });
    const prices = new Map<string, number>();
    for (const batch of inBatches(keyed, UPSTOX_LTP_BATCH_SIZE)) {
      const data = await this.client.call({
        host: 'api',
        method: 'GET',
        path: UPSTOX_PATHS.ltp,
        query: [['instrument_key', batch.map((entry) => entry.instrumentKey).join(',')]],
        rateClass: 'read',
        mode: 'read',
        schema: upstoxLtpData,
      });
      const byKey = new Map(Object.values(data).map((quote) => [quote.instrument_token, quote.last_price]));
      for (const entry of batch) {
        const price = byKey.get(entry.instrumentKey);
        if (typeof price === 'number') prices.set(entry.scriptId, price);
      }
    }
    return prices;
  }
}
