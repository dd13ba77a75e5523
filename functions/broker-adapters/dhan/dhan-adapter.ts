import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerFunds, BrokerHolding, BrokerMargin, BrokerPosition, OrderModification, OrderRequest, PlaceOutcome } from '../broker-adapter';
import { inBatches } from '../http/batches';
import { BrokerRejectedError } from '../http/broker-errors';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { placeOutcomeOf } from '../http/place-outcome';
import { findByTag, type ReconcileResult, type ReconcilingBrokerAdapter } from '../http/reconcile';
import { logBrokerAlert, type AlertSink } from '../mapping/broker-alerts';
import { brokerAddressOf } from '../mapping/instrument-address';
import type { NormalisedBrokerOrder } from '../mapping/normalised-order';
import { orderRequestProblem } from '../mapping/order-rules';
import { brokerProductCode } from '../mapping/products';
import { DhanClient, type Sleep } from './dhan-client';
import { DHAN_BROKER, DHAN_ENDPOINT, DHAN_LTP_BATCH_SIZE, DHAN_PATHS, DHAN_RATE_PLAN, type DhanRateClass } from './dhan-config';
import { dhanModifyBody, dhanPlaceBody, type DhanInstrumentAddress } from './dhan-order-body';
import { DHAN_NO_HOLDINGS_CODE, dhanHoldingOf, dhanHoldingsData, dhanMarginBody, dhanMarginData, dhanMarginOf } from './dhan-portfolio';
import { dhanFundsOf, dhanOrderOf, dhanPositionOf } from './dhan-readers';
import { dhanFundsData, dhanLtpData, dhanOrderBookData, dhanOrderIdData, dhanPositionsData, type DhanOrderRow } from './dhan-schemas';
import type { DhanSession } from './dhan-session';

export interface DhanAdapterOptions extends PlumbingOverrides<DhanRateClass> {
  readonly session: DhanSession;
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the Dhan client id). */
  readonly accountKey?: string;
  readonly clock?: Clock;
  readonly alert?: AlertSink;
  /** How a rate-limited read waits before it is repeated (tests record the wait instead of sleeping). */
  readonly sleep?: Sleep;
}

/** Segment + security id as the Dhan master loader stored them (`broker_tokens.dhan`); null when it stored none. */
function dhanAddressOf(instrument: Instrument): DhanInstrumentAddress | null {
  const address = brokerAddressOf('dhan', instrument);
  return address?.token ? { exchangeSegment: address.exchange, securityId: address.token } : null;
}

type DhanPlacement = { readonly address: DhanInstrumentAddress; readonly productCode: string };

/** Why the order cannot go to Dhan as asked, or its product code and segment + security id. */
function placementOf(order: OrderRequest): DhanPlacement | { readonly problem: string } {
  const problem = orderRequestProblem(order);
  if (problem) return { problem };
  const productCode = brokerProductCode('dhan', order.product);
  if (productCode === null) return { problem: `Dhan does not offer the ${order.product} product` };
  const address = dhanAddressOf(order.instrument);
  if (!address) return { problem: `${order.instrument.script_id} has no Dhan security id in the master` };
  return { address, productCode };
}

const orderPath = (brokerOrderId: string) => `${DHAN_PATHS.orders}/${encodeURIComponent(brokerOrderId)}`;

/** DhanHQ API v2 behind the platform's BrokerAdapter port (reference/brokers.md §6, §9). */
export class DhanAdapter implements ReconcilingBrokerAdapter {
  private readonly client: DhanClient;
  private readonly clientId: string;
  private readonly alert: AlertSink;

  constructor(options: DhanAdapterOptions) {
    const plumbing = createBrokerPlumbing(
      DHAN_BROKER,
      options.accountKey ?? options.session.clientId,
      { endpoint: DHAN_ENDPOINT, ratePlan: DHAN_RATE_PLAN },
      options,
    );
    this.client = new DhanClient(plumbing, options.session, options.clock ?? systemClock, options.sleep);
    this.clientId = options.session.clientId;
    this.alert = options.alert ?? logBrokerAlert;
  }

  async placeOrder(order: OrderRequest): Promise<PlaceOutcome> {
    const placement = placementOf(order);
    if ('problem' in placement) return { kind: 'rejected', reason: placement.problem };
    try {
      const placed = await this.client.call({
        method: 'POST',
        path: DHAN_PATHS.orders,
        body: dhanPlaceBody(order, placement.address, placement.productCode, this.clientId),
        rateClass: 'order',
        mode: 'write',
        schema: dhanOrderIdData,
      });
      return { kind: 'accepted', brokerOrderId: placed.orderId };
    } catch (error) {
      return placeOutcomeOf(error);
    }
  }

  private async rawOrderBook(): Promise<DhanOrderRow[]> {
    return this.client.call({ method: 'GET', path: DHAN_PATHS.orders, rateClass: 'read', mode: 'read', schema: dhanOrderBookData });
  }

  async modifyOrder(change: OrderModification): Promise<void> {
    const current = (await this.rawOrderBook()).find((row) => row.orderId === change.brokerOrderId);
    if (!current) throw new BrokerRejectedError(DHAN_BROKER, `Order ${change.brokerOrderId} is not in the Dhan order book`);
    await this.client.call({
      method: 'PUT',
      path: orderPath(change.brokerOrderId),
      body: dhanModifyBody(change, current, this.clientId),
      rateClass: 'order',
      mode: 'write',
      schema: dhanOrderIdData,
    });
  }

  async cancelOrder(brokerOrderId: string): Promise<void> {
    await this.client.call({ method: 'DELETE', path: orderPath(brokerOrderId), rateClass: 'order', mode: 'write', schema: dhanOrderIdData });
  }

  async orderBook(): Promise<readonly NormalisedBrokerOrder[]> {
    return (await this.rawOrderBook()).map((row) => dhanOrderOf(row, this.alert));
  }

  async reconcileByTag(tag: string): Promise<ReconcileResult> {
    return findByTag(await this.orderBook(), tag);
  }

  async positions(): Promise<readonly BrokerPosition[]> {
    const rows = await this.client.call({ method: 'GET', path: DHAN_PATHS.positions, rateClass: 'read', mode: 'read', schema: dhanPositionsData });
    return rows.map((row) => dhanPositionOf(row, this.alert));
  }

  async funds(): Promise<BrokerFunds> {
    const limits = await this.client.call({ method: 'GET', path: DHAN_PATHS.funds, rateClass: 'read', mode: 'read', schema: dhanFundsData });
    return dhanFundsOf(limits);
  }

  /** Holdings; Dhan answers "no holdings" as an error (DH-1111), which is an empty list. */
  async holdings(): Promise<readonly BrokerHolding[]> {
    try {
      const rows = await this.client.call({ method: 'GET', path: DHAN_PATHS.holdings, rateClass: 'read', mode: 'read', schema: dhanHoldingsData });
      return rows.map(dhanHoldingOf);
    } catch (error) {
      if (error instanceof BrokerRejectedError && error.brokerCode === DHAN_NO_HOLDINGS_CODE) return [];
      throw error;
    }
  }

  /** The margin calculator for the one order (a read: nothing is placed); an order Dhan could not take is refused as placing would. */
  async orderMargin(order: OrderRequest): Promise<BrokerMargin> {
    const placement = placementOf(order);
    if ('problem' in placement) throw new BrokerRejectedError(DHAN_BROKER, placement.problem);
    const data = await this.client.call({
      method: 'POST',
      path: DHAN_PATHS.marginCalculator,
      body: dhanMarginBody(order, placement.address, placement.productCode, this.clientId),
      rateClass: 'read',
      mode: 'read',
      schema: dhanMarginData,
    });
    return dhanMarginOf(data);
  }

  /**
   * Last prices keyed by `script_id`, asked as `{<segment>: [<securityId>…]}` (§6.6, numeric ids) and
   * answered nested by segment then id; instruments without a Dhan security id are left out.
   */
  async ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>> {
    const keyed = instruments.flatMap((instrument) => {
      const address = dhanAddressOf(instrument);
      const securityId = Number(address?.securityId);
      return address && Number.isSafeInteger(securityId) ? [{ scriptId: instrument.script_id, segment: address.exchangeSegment, securityId }] : [];
    });
    const prices = new Map<string, number>();
    for (const batch of inBatches(keyed, DHAN_LTP_BATCH_SIZE)) {
      const request: Record<string, number[]> = {};
      for (const entry of batch) (request[entry.segment] ??= []).push(entry.securityId);
      const answer = await this.client.call({ method: 'POST', path: DHAN_PATHS.ltp, body: request, rateClass: 'quote', mode: 'read', schema: dhanLtpData });
      for (const entry of batch) {
        const quote = answer.data[entry.segment]?.[String(entry.securityId)];
        if (quote) prices.set(entry.scriptId, quote.last_price);
      }
    }
    return prices;
  }
}
