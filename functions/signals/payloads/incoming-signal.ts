import type * as z from 'zod';
import type { ValidationIssue } from '../../../shared/contracts/envelope';
import type { JsonBridgeOrder } from '../../../shared/domain/json-bridge-order';
import type { EXCHANGES } from '../../../shared/domain/ranges';
import { toValidationIssues } from '../../platform/http/parse-input';
import type { SignalDirection } from '../signal-direction';

/** Where a webhook body came from, as told by its content type and shape. */
export type SignalSource = 'tradingview-json' | 'tradingview-text' | 'chartink' | 'action-json';

/** One instrument a signal names, with what the sender said about it. */
export interface SignalSymbol {
  /** Upper-cased as sent; resolving it against the instrument master is the signal worker's job. */
  readonly symbol: string;
  readonly exchange: (typeof EXCHANGES)[number] | null;
  /** ChartInk's trigger price; null when the sender gives none. */
  readonly price: number | null;
  /** Shares or lots the sender asked for; null when the bridge's own settings decide. */
  readonly quantity: number | null;
}

interface SignalBase {
  readonly source: SignalSource;
  /** The sender's own id for this signal, when it gives one (field `signal_id`); the dedup key prefers it. */
  readonly providerSignalId: string | null;
  readonly symbols: readonly SignalSymbol[];
}

/** A JSON bridge signal: the order fields of spec §3, for the bridge's order group. */
export interface OrderSignal extends SignalBase {
  readonly kind: 'order';
  readonly order: JsonBridgeOrder;
}

/** ChartInk's description of the scan that fired. */
export interface ScanDetails {
  readonly scanName: string;
  readonly alertName: string | null;
  /** As ChartInk writes it ("2:34 pm", IST). */
  readonly triggeredAt: string | null;
}

/** A custom bridge signal: a direction for the bridge's triggers. */
export interface DirectionSignal extends SignalBase {
  readonly kind: 'direction';
  readonly direction: SignalDirection;
  readonly scan: ScanDetails | null;
}

export type IncomingSignal = OrderSignal | DirectionSignal;

/** Why a body was refused: decides the webhook's answer (413, 415 or 400) when it is wired. */
export type RefusalReason = 'too-large' | 'unsupported-type' | 'invalid';

export type ParsedSignal =
  | { readonly ok: true; readonly signal: IncomingSignal }
  | { readonly ok: false; readonly reason: RefusalReason; readonly problems: readonly ValidationIssue[] };

export const BODY_PATH = '(body)';

export function refused(reason: RefusalReason, problems: readonly ValidationIssue[]): ParsedSignal {
  return { ok: false, reason, problems };
}

export function invalid(path: string, message: string): ParsedSignal {
  return refused('invalid', [{ path, message }]);
}

export function invalidFromZod(error: z.ZodError): ParsedSignal {
  return refused('invalid', toValidationIssues(error));
}

export function accepted(signal: IncomingSignal): ParsedSignal {
  return { ok: true, signal };
}
