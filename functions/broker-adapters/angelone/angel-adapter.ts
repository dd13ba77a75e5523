import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerFunds, BrokerHolding, BrokerMargin, BrokerPosition, OrderModification, OrderRequest, PlaceOutcome } from '../broker-adapter';
import { BrokerRejectedError, BrokerSessionExpiredError } from '../http/broker-errors';
import { inBatches } from '../http/batches';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { placeOutcomeOf } from '../http/place-outcome';
import { findByTag, type ReconcileResult, type ReconcilingBrokerAdapter } from '../http/reconcile';
import { logBrokerAlert, type AlertSink } from '../mapping/broker-alerts';
import { brokerAddressOf, orderAddressOf, type OrderAddress } from '../mapping/instrument-address';
import type { NormalisedBrokerOrder } from '../mapping/normalised-order';
import { orderRequestProblem } from '../mapping/order-rules';
import { brokerProductCode } from '../mapping/products';
import { AngelClient, type AngelCall } from './angel-client';
import { ANGEL_BROKER, ANGEL_ENDPOINT, ANGEL_PATHS, ANGEL_QUOTE_BATCH_SIZE, ANGEL_RATE_PLAN, type AngelRateClass } from './angel-config';
import { angelModifyBody, angelPlaceBody } from './angel-order-body';
import { angelAllHoldingData, angelHoldingOf, angelMarginBody, angelMarginData, angelMarginOf } from './angel-portfolio';
import { angelFundsOf, angelOrderOf, angelPositionOf } from './angel-readers';
import {
  angelOrderBookData,
  angelOrderIdData,
  angelPositionsData,
  angelQuoteData,
  angelRmsData,
  type AngelOrderRow,
} from './angel-schemas';
import type { AngelClientNetwork, AngelSession } from './angel-session';
import { AngelSessionKeeper } from './angel-session-keeper';

export interface AngelAdapterOptions extends PlumbingOverrides<AngelRateClass> {
  readonly session: AngelSession;
  readonly network: AngelClientNetwork;
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the client code). */
  readonly accountKey?: string;
  readonly clock?: Clock;
  readonly alert?: AlertSink;
  /** Called with the renewed session after a JWT refresh, so it can be stored (encrypted) for the next run. */
  readonly onSessionRenewed?: (session: AngelSession) => void;
}

type AngelPlacement = { readonly address: OrderAddress & { readonly token: string }; readonly productCode: string };

/** Why the order cannot go to Angel One as asked, or its product code and address (symbol and token). */
function placementOf(order: OrderRequest): AngelPlacement | { readonly problem: string } {
  const problem = orderRequestProblem(order);
  if (problem) return { problem };
  const productCode = brokerProductCode('angelone', order.product);
  if (productCode === null) return { problem: `Angel One does not offer the ${order.product} product` };
  const address = orderAddressOf('angelone', order.instrument);
  if (!address || address.token === null) return { problem: `${order.instrument.script_id} has no Angel One symbol and token in the master` };
  return { address: { ...address, token: address.token }, productCode };
}

/** Angel One SmartAPI behind the platform's BrokerAdapter port (reference/brokers.md §3, §9). */
export class AngelAdapter implements ReconcilingBrokerAdapter {
  private readonly client: AngelClient;
  private readonly keeper: AngelSessionKeeper;
  private readonly alert: AlertSink;

  constructor(options: AngelAdapterOptions) {
    const clock = options.clock ?? systemClock;
    const plumbing = createBrokerPlumbing(
      ANGEL_BROKER,
      options.accountKey ?? options.session.clientCode,
      { endpoint: ANGEL_ENDPOINT, ratePlan: ANGEL_RATE_PLAN },
      options,
    );
    this.client = new AngelClient(plumbing, options.session.apiKey, options.network);
    this.keeper = new AngelSessionKeeper(options.session, this.client, clock, options.onSessionRenewed ?? (() => undefined));
    this.alert = options.alert ?? logBrokerAlert;
  }

  /** Sends with the current JWT; a refused JWT is renewed once and the call repeated (it was refused at the door). */
  private async call<T>(call: AngelCall<T>): Promise<T> {
    const session = await this.keeper.usable();
    const first = await this.client.send(call, session.jwtToken);
    if (first.kind === 'data') return first.data;
    const renewed = await this.keeper.renew(session.jwtToken);
    const second = await this.client.send(call, renewed.jwtToken);
    if (second.kind === 'data') return second.data;
    throw new BrokerSessionExpiredError(ANGEL_BROKER, 'token-rejected');
  }

  async placeOrder(order: OrderRequest): Promise<PlaceOutcome> {
    const placement = placementOf(order);
    if ('problem' in placement) return { kind: 'rejected', reason: placement.problem };
    try {
      const placed = await this.call({
        method: 'POST',
        path: ANGEL_PATHS.placeOrder,
        body: angelPlaceBody(order, placement.address, placement.productCode),
        rateClass: 'order',
        mode: 'write',
        schema: angelOrderIdData,
      });
      return { kind: 'accepted', brokerOrderId: placed.orderid };
    } catch (error) {
      return placeOutcomeOf(error);
    }
  }

  private async rawOrderBook(): Promise<AngelOrderRow[]> {
    return this.call({ method: 'GET', path: ANGEL_PATHS.orderBook, rateClass: 'book', mode: 'read', schema: angelOrderBookData });
  }

  private async currentOrder(brokerOrderId: string): Promise<AngelOrderRow> {
    const row = (await this.rawOrderBook()).find((order) => order.orderid === brokerOrderId);
    if (!row) throw new BrokerRejectedError(ANGEL_BROKER, `Order ${brokerOrderId} is not in the Angel One order book`, 'AB1013');
    return row;
  }

  async modifyOrder(change: OrderModification): Promise<void> {
    const current = await this.currentOrder(change.brokerOrderId);
    await this.call({
      method: 'POST',
      path: ANGEL_PATHS.modifyOrder,
      body: angelModifyBody(change, current),
      rateClass: 'order',
      mode: 'write',
      schema: angelOrderIdData,
    });
  }

  async cancelOrder(brokerOrderId: string): Promise<void> {
    const current = await this.currentOrder(brokerOrderId);
    await this.call({
      method: 'POST',
      path: ANGEL_PATHS.cancelOrder,
      body: { variety: current.variety, orderid: current.orderid },
      rateClass: 'order',
      mode: 'write',
      schema: angelOrderIdData,
    });
  }

  async orderBook(): Promise<readonly NormalisedBrokerOrder[]> {
    return (await this.rawOrderBook()).map((row) => angelOrderOf(row, this.alert));
  }

  async reconcileByTag(tag: string): Promise<ReconcileResult> {
    return findByTag(await this.orderBook(), tag);
  }

  async positions(): Promise<readonly BrokerPosition[]> {
    const rows = await this.call({ method: 'GET', path: ANGEL_PATHS.positions, rateClass: 'book', mode: 'read', schema: angelPositionsData });
    return rows.map((row) => angelPositionOf(row, this.alert));
  }

  async funds(): Promise<BrokerFunds> {
    const rms = await this.call({ method: 'GET', path: ANGEL_PATHS.funds, rateClass: 'book', mode: 'read', schema: angelRmsData });
    return angelFundsOf(rms);
  }

  async holdings(): Promise<readonly BrokerHolding[]> {
    const rows = await this.call({ method: 'GET', path: ANGEL_PATHS.holdings, rateClass: 'book', mode: 'read', schema: angelAllHoldingData });
    return rows.map(angelHoldingOf);
  }

  /** The margin calculator (`margin/v1/batch`), one position; an order Angel could not take is refused as placing would. */
  async orderMargin(order: OrderRequest): Promise<BrokerMargin> {
    const placement = placementOf(order);
    if ('problem' in placement) throw new BrokerRejectedError(ANGEL_BROKER, placement.problem);
    const data = await this.call({
      method: 'POST',
      path: ANGEL_PATHS.marginBatch,
      body: angelMarginBody(order, placement.address, placement.productCode),
      rateClass: 'quote',
      mode: 'read',
      schema: angelMarginData,
    });
    return angelMarginOf(data);
  }

  /** Last prices keyed by `script_id`, via `market/v1/quote` in LTP mode; unaddressable instruments are left out. */
  async ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>> {
    const keyed = instruments.flatMap((instrument) => {
      const address = brokerAddressOf('angelone', instrument);
      return address?.token ? [{ scriptId: instrument.script_id, exchange: address.exchange, token: address.token }] : [];
    });
    const prices = new Map<string, number>();
    for (const batch of inBatches(keyed, ANGEL_QUOTE_BATCH_SIZE)) {
      const exchangeTokens: Record<string, string[]> = {};
      for (const entry of batch) (exchangeTokens[entry.exchange] ??= []).push(entry.token);
      const data = await this.call({
        method: 'POST',
        path: ANGEL_PATHS.quote,
        body: { mode: 'LTP', exchangeTokens },
        rateClass: 'quote',
        mode: 'read',
        schema: angelQuoteData,
      });
      for (const entry of batch) {
        const quote = data.fetched.find((row) => row.exchange === entry.exchange && row.symbolToken === entry.token);
        if (quote) prices.set(entry.scriptId, quote.ltp);
      }
    }
    return prices;
  }
}
