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
import { KITE_BROKER, KITE_ENDPOINT, KITE_LTP_BATCH_SIZE, KITE_RATE_PLAN, type KiteRateClass } from './kite-config';
import { KiteClient } from './kite-client';
import { kiteModifyForm, kitePlaceForm } from './kite-order-form';
import { kiteHoldingOf, kiteHoldingsData, kiteMarginOf, kiteMarginOrder, kiteOrderMarginsData } from './kite-portfolio';
import { kiteFundsOf, kiteOrderOf, kitePositionOf } from './kite-readers';
import { kiteEquityMarginsData, kiteLtpData, kiteOrderBookData, kiteOrderIdData, kitePositionsData } from './kite-schemas';
import type { KiteSession } from './kite-session';

export interface KiteAdapterOptions extends PlumbingOverrides<KiteRateClass> {
  readonly session: KiteSession;
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the Kite user id). */
  readonly accountKey?: string;
  readonly clock?: Clock;
  readonly alert?: AlertSink;
}

const ORDERS_PATH = '/orders/regular';

type KitePlacement = { readonly address: OrderAddress; readonly productCode: string };

/** Why the order cannot go to Zerodha as asked, or its product code and address. */
function placementOf(order: OrderRequest): KitePlacement | { readonly problem: string } {
  const problem = orderRequestProblem(order);
  if (problem) return { problem };
  const productCode = brokerProductCode('zerodha', order.product);
  if (productCode === null) return { problem: `Zerodha does not offer the ${order.product} product through its API` };
  const address = orderAddressOf('zerodha', order.instrument);
  if (!address) return { problem: `${order.instrument.script_id} has no Zerodha trading symbol in the master` };
  return { address, productCode };
}

/** Zerodha Kite Connect v3 behind the platform's BrokerAdapter port (reference/brokers.md §2, §9). */
export class KiteAdapter implements ReconcilingBrokerAdapter {
  private readonly client: KiteClient;
  private readonly alert: AlertSink;

  constructor(options: KiteAdapterOptions) {
    const plumbing = createBrokerPlumbing(
      KITE_BROKER,
      options.accountKey ?? options.session.userId,
      { endpoint: KITE_ENDPOINT, ratePlan: KITE_RATE_PLAN },
      options,
    );
    this.client = new KiteClient(plumbing, options.session, options.clock ?? systemClock);
    this.alert = options.alert ?? logBrokerAlert;
  }

  async placeOrder(order: OrderRequest): Promise<PlaceOutcome> {
    const placement = placementOf(order);
    if ('problem' in placement) return { kind: 'rejected', reason: placement.problem };
    try {
      const placed = await this.client.call({
        method: 'POST',
        path: ORDERS_PATH,
        form: kitePlaceForm(order, placement.address, placement.productCode),
        rateClass: 'order',
        mode: 'write',
        schema: kiteOrderIdData,
      });
      return { kind: 'accepted', brokerOrderId: placed.order_id };
    } catch (error) {
      return placeOutcomeOf(error);
    }
  }

  async modifyOrder(change: OrderModification): Promise<void> {
    await this.client.call({
      method: 'PUT',
      path: `${ORDERS_PATH}/${encodeURIComponent(change.brokerOrderId)}`,
      form: kiteModifyForm(change),
      rateClass: 'order',
      mode: 'write',
      schema: kiteOrderIdData,
    });
  }

  async cancelOrder(brokerOrderId: string): Promise<void> {
    await this.client.call({
      method: 'DELETE',
      path: `${ORDERS_PATH}/${encodeURIComponent(brokerOrderId)}`,
      rateClass: 'order',
      mode: 'write',
      schema: kiteOrderIdData,
    });
  }

  async orderBook(): Promise<readonly NormalisedBrokerOrder[]> {
    const rows = await this.client.call({ method: 'GET', path: '/orders', rateClass: 'read', mode: 'read', schema: kiteOrderBookData });
    return rows.map((row) => kiteOrderOf(row, this.alert));
  }

  async reconcileByTag(tag: string): Promise<ReconcileResult> {
    return findByTag(await this.orderBook(), tag);
  }

  async positions(): Promise<readonly BrokerPosition[]> {
    const data = await this.client.call({ method: 'GET', path: '/portfolio/positions', rateClass: 'read', mode: 'read', schema: kitePositionsData });
    return data.net.map((row) => kitePositionOf(row, this.alert));
  }

  async funds(): Promise<BrokerFunds> {
    const margins = await this.client.call({ method: 'GET', path: '/user/margins/equity', rateClass: 'read', mode: 'read', schema: kiteEquityMarginsData });
    return kiteFundsOf(margins);
  }

  async holdings(): Promise<readonly BrokerHolding[]> {
    const rows = await this.client.call({ method: 'GET', path: '/portfolio/holdings', rateClass: 'read', mode: 'read', schema: kiteHoldingsData });
    return rows.map(kiteHoldingOf);
  }

  /** `POST /margins/orders` (JSON): a read, nothing is placed; an order Zerodha could not take is refused as placing would. */
  async orderMargin(order: OrderRequest): Promise<BrokerMargin> {
    const placement = placementOf(order);
    if ('problem' in placement) throw new BrokerRejectedError(KITE_BROKER, placement.problem);
    const margins = await this.client.call({
      method: 'POST',
      path: '/margins/orders',
      json: [kiteMarginOrder(order, placement.address, placement.productCode)],
      rateClass: 'read',
      mode: 'read',
      schema: kiteOrderMarginsData,
    });
    return kiteMarginOf(margins);
  }

  /**
   * Last prices keyed by `script_id`. Kite is asked by `EXCHANGE:TRADINGSYMBOL`, or by instrument_token when
   * the master kept no Kite symbol; instruments Zerodha cannot address are left out.
   */
  async ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>> {
    const keyed = instruments.flatMap((instrument) => {
      const address = brokerAddressOf('zerodha', instrument);
      const kiteKey = address?.tradingSymbol ? `${address.exchange}:${address.tradingSymbol}` : address?.token;
      return kiteKey ? [{ scriptId: instrument.script_id, kiteKey }] : [];
    });
    const prices = new Map<string, number>();
    for (const batch of inBatches(keyed, KITE_LTP_BATCH_SIZE)) {
      const data = await this.client.call({
        method: 'GET',
        path: '/quote/ltp',
        query: batch.map((entry) => ['i', entry.kiteKey] as const),
        rateClass: 'quote',
        mode: 'read',
        schema: kiteLtpData,
      });
      for (const entry of batch) {
        const quote = data[entry.kiteKey];
        if (quote) prices.set(entry.scriptId, quote.last_price);
      }
    }
    return prices;
  }
}
