import * as z from 'zod';
import { EXCHANGES } from '../../../shared/domain/ranges';
import { directionOfWord, directionWordList } from '../signal-direction';
import { accepted, invalid, invalidFromZod, type ParsedSignal } from './incoming-signal';
import { PROVIDER_SIGNAL_ID_FIELD, providerSignalIdSchema } from './provider-signal-id';
import { symbolOfWord } from './symbol-words';

/**
 * An action signal in JSON: what Amibroker's AFL template posts (`{"action","symbol","quantity","exchange"}`,
 * reference/products.md §3.3), and what TradingView users copy from other bridges. `action` takes the
 * direction words (BUY, SELL, EXIT, …); the bridge's triggers decide product and order type.
 */
const upperCased = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

export const actionSignalSchema = z.strictObject(
  {
    action: z.string({ error: `expected a direction word (${directionWordList()})` }),
    symbol: z.string({ error: 'expected a symbol such as SBIN' }),
    exchange: z.preprocess(upperCased, z.enum(EXCHANGES, { error: `expected ${EXCHANGES.join(', ')}` })).optional(),
    quantity: z
      .preprocess(numeric, z.number({ error: 'expected a whole number above 0' }).int('expected a whole number above 0').positive('expected a whole number above 0'))
      .optional(),
    [PROVIDER_SIGNAL_ID_FIELD]: providerSignalIdSchema,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}: expected action, symbol, exchange, quantity, ${PROVIDER_SIGNAL_ID_FIELD}` : undefined) },
);

export function parseActionJson(body: Readonly<Record<string, unknown>>): ParsedSignal {
  const parsed = actionSignalSchema.safeParse(body);
  if (!parsed.success) return invalidFromZod(parsed.error);
  const direction = directionOfWord(parsed.data.action);
  if (direction === null) return invalid('action', `expected a direction word (${directionWordList()}), got ${parsed.data.action}`);
  const read = symbolOfWord(parsed.data.symbol);
  if ('problem' in read) return invalid('symbol', `${read.problem}, got ${parsed.data.symbol}`);
  if (read.symbol.exchange !== null && parsed.data.exchange !== undefined && read.symbol.exchange !== parsed.data.exchange) {
    return invalid('exchange', `expected ${read.symbol.exchange}, the exchange the symbol names`);
  }
  return accepted({
    kind: 'direction',
    source: 'action-json',
    providerSignalId: parsed.data[PROVIDER_SIGNAL_ID_FIELD] ?? null,
    direction,
    symbols: [{ ...read.symbol, exchange: read.symbol.exchange ?? parsed.data.exchange ?? null, quantity: parsed.data.quantity ?? null }],
    scan: null,
  });
}
