import { BODY_PATH, invalid, refused, type ParsedSignal } from './incoming-signal';
import { parseActionJson } from './action-json';
import { parseChartinkScan } from './chartink';
import { parseTradingViewJson } from './tradingview-json';
import { parseTradingViewText } from './tradingview-text';

/**
 * Reading a webhook body into an `IncomingSignal`. The content type picks JSON or text (TradingView sends
 * application/json exactly when the alert message is valid JSON, text/plain otherwise); for JSON, the one
 * field only that shape has picks the parser. A body matching no shape, or two, is refused with what was
 * expected: a guessed reading could place the wrong order.
 */
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;

interface JsonShape {
  readonly name: string;
  /** A field only this shape has. */
  readonly marker: string;
  readonly parse: (body: Readonly<Record<string, unknown>>) => ParsedSignal;
}

const JSON_SHAPES: readonly JsonShape[] = [
  { name: 'a JSON bridge order (transaction_type, script, quantity, …)', marker: 'transaction_type', parse: parseTradingViewJson },
  { name: 'a ChartInk scan alert (stocks, trigger_prices, scan_name, …)', marker: 'stocks', parse: parseChartinkScan },
  { name: 'an action signal (action, symbol, …)', marker: 'action', parse: parseActionJson },
];

type MediaKind = 'json' | 'text';

const MEDIA_KINDS: Readonly<Record<string, MediaKind>> = {
  'application/json': 'json',
  'text/plain': 'text',
};

export const ACCEPTED_CONTENT_TYPES = Object.keys(MEDIA_KINDS);

function mediaKindOf(contentType: string | undefined): MediaKind | null {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MEDIA_KINDS[mediaType] ?? null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonBody(bodyText: string): ParsedSignal {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return invalid(BODY_PATH, 'expected valid JSON (the content type says application/json)');
  }
  if (!isPlainObject(body)) return invalid(BODY_PATH, 'expected a JSON object');
  const shapes = JSON_SHAPES.filter((shape) => Object.hasOwn(body, shape.marker));
  const [shape, other] = shapes;
  if (shape === undefined) return invalid(BODY_PATH, `expected ${JSON_SHAPES.map((known) => known.name).join(', or ')}`);
  if (other !== undefined) return invalid(BODY_PATH, `has fields of ${shapes.map((found) => found.name).join(' and of ')}; send one kind of signal per alert`);
  return shape.parse(body);
}

function parseTextBody(bodyText: string): ParsedSignal {
  // A sender that posts JSON as text/plain is not TradingView (which labels JSON itself); say so rather than
  // read braces as words. `{{` opens a TradingView placeholder, which the text parser explains.
  if (/^\s*(\{(?!\{)|\[)/.test(bodyText)) return invalid(BODY_PATH, 'looks like JSON but was sent as text/plain; send it with Content-Type: application/json');
  return parseTradingViewText(bodyText);
}

const PARSERS: Readonly<Record<MediaKind, (bodyText: string) => ParsedSignal>> = { json: parseJsonBody, text: parseTextBody };

export function parseWebhookBody(contentType: string | undefined, bodyText: string): ParsedSignal {
  const size = Buffer.byteLength(bodyText, 'utf8');
  if (size > WEBHOOK_BODY_MAX_BYTES) return refused('too-large', [{ path: BODY_PATH, message: `expected at most ${WEBHOOK_BODY_MAX_BYTES} bytes, got ${size}` }]);
  const kind = mediaKindOf(contentType);
  if (kind === null) {
    return refused('unsupported-type', [{ path: 'content-type', message: `expected ${ACCEPTED_CONTENT_TYPES.join(' or ')}, got ${contentType ?? 'none'}` }]);
  }
  return PARSERS[kind](bodyText);
}
