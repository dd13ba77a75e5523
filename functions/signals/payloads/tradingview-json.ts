import { jsonBridgeOrderSchema } from '../../../shared/domain/json-bridge-order';
import { toValidationIssues } from '../../platform/http/parse-input';
import { accepted, refused, type ParsedSignal } from './incoming-signal';
import { PROVIDER_SIGNAL_ID_FIELD, providerSignalIdSchema } from './provider-signal-id';

/** The JSON bridge body (a TradingView alert's JSON, or any JSON sender): the order fields plus an optional signal id. */
export function parseTradingViewJson(body: Readonly<Record<string, unknown>>): ParsedSignal {
  const orderFields = Object.fromEntries(Object.entries(body).filter(([field]) => field !== PROVIDER_SIGNAL_ID_FIELD));
  const signalId = providerSignalIdSchema.safeParse(body[PROVIDER_SIGNAL_ID_FIELD]);
  const order = jsonBridgeOrderSchema.safeParse(orderFields);
  if (!signalId.success || !order.success) {
    const signalIdIssues = signalId.success ? [] : toValidationIssues(signalId.error).map((issue) => ({ ...issue, path: PROVIDER_SIGNAL_ID_FIELD }));
    return refused('invalid', [...signalIdIssues, ...(order.success ? [] : toValidationIssues(order.error))]);
  }
  return accepted({
    kind: 'order',
    source: 'tradingview-json',
    providerSignalId: signalId.data ?? null,
    order: order.data,
    symbols: [{ symbol: order.data.script, exchange: null, price: order.data.price ?? null, quantity: order.data.quantity }],
  });
}
