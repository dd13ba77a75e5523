import { storeSignal, type BridgeKind, type SignalItem } from '../../data/signals-repository';
import { ValidationError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { BODY_PATH, invalid, type IncomingSignal, type ParsedSignal } from '../payloads/incoming-signal';
import { parseWebhookBody } from '../payloads/parse-webhook-body';
import { enqueueSignal } from '../queue/enqueue-signal';
import type { SignalHints } from '../queue/signal-message';
import { signalIdForArrival } from './arrival-signal-id';

/**
 * What both webhooks do once the URL's key has named a bridge and its owner (and the size and rate
 * rules passed): read the body, store the signal once per signal id — rejected with its problems,
 * ignored with the bridge's reason, else queued — and send a still-queued signal to the FIFO queue.
 * Execution, and the signal's `enqueued` mark, are the signal worker's.
 */
export interface WebhookBridge {
  readonly kind: BridgeKind;
  readonly id: string;
  /** Why this bridge places nothing now (unconnected, trading off), null when it does. */
  readonly ignoreReason: string | null;
  /** What the webhook read of the bridge, passed to the worker on the message (signal-message.ts). */
  readonly hints?: SignalHints;
}

export interface SignalArrival {
  readonly owner: { readonly frchId: number; readonly userId: number };
  readonly bridge: WebhookBridge;
  readonly body: string;
  readonly contentType: string | null;
  readonly receivedAt: Date;
  /** The bridge's retry window in seconds (security settings; 0 = off). */
  readonly retryWindowSeconds: number;
}

export interface AcceptedSignal {
  readonly signal: SignalItem;
  /** A resend: the signal was stored by an earlier arrival, and this one changed nothing. */
  readonly resend: boolean;
}

/** The signal kind each bridge executes: a JSON bridge takes order fields, a custom bridge a direction for its triggers. */
const ACCEPTED_KIND: Readonly<Record<BridgeKind, { readonly kind: IncomingSignal['kind']; readonly expected: string }>> = {
  json: { kind: 'order', expected: 'a JSON bridge order (transaction_type, script, quantity, …); a direction alone is for a custom bridge' },
  custom: { kind: 'direction', expected: 'a direction (UP/BUY, DOWN/SELL or EXIT), a ChartInk scan or an action signal; order fields are for a JSON bridge' },
};

export const SIGNAL_REJECTED_REASON = 'The body is not a signal this bridge accepts';

function parsedFor(bridgeKind: BridgeKind, contentType: string | null, body: string): ParsedSignal {
  const parsed = parseWebhookBody(contentType ?? undefined, body);
  if (!parsed.ok || parsed.signal.kind === ACCEPTED_KIND[bridgeKind].kind) return parsed;
  return invalid(BODY_PATH, `expected ${ACCEPTED_KIND[bridgeKind].expected}`);
}

function verdictOf(parsed: ParsedSignal, bridge: WebhookBridge) {
  if (!parsed.ok) return { status: 'rejected', reason: SIGNAL_REJECTED_REASON } as const;
  return bridge.ignoreReason !== null ? ({ status: 'ignored', reason: bridge.ignoreReason } as const) : ({ status: 'queued', reason: null } as const);
}

/**
 * Sends a signal the worker has not taken up yet (still `queued`), on its first arrival and on every
 * resend: a resend after a failed send heals the gap, the signal id as deduplication id lets the FIFO
 * queue drop a second send within five minutes, and the worker is idempotent per (signal, account)
 * beyond that. No `enqueued` mark here: it would cost the answer a round trip, so the worker writes it
 * when it picks the message up.
 *
 * An arrival the bridge would queue is sent while it is being stored (one round trip instead of two in
 * a row). The worker waits a moment for a signal it cannot read yet (stored-signal.ts), and leaves alone
 * one that is not `queued`; so a send whose store turned out to be a resend of an ended signal, or a
 * store that failed (the caller was answered an error), places nothing.
 */
function sendWhileStoring(signalId: string, arrival: SignalArrival, verdict: ReturnType<typeof verdictOf>): Promise<void> | null {
  if (verdict.status !== 'queued') return null;
  const { owner, bridge } = arrival;
  const sending = enqueueSignal(bridge.kind, { frch_id: owner.frchId, user_id: owner.userId, bridge_id: bridge.id, signal_id: signalId, hints: bridge.hints });
  // Marked handled now: its failure surfaces where it is awaited, after the store.
  sending.catch(() => undefined);
  return sending;
}

/** The send a still-queued signal needs: the one already under way, else one now (a resend of a signal queued by an earlier arrival). */
async function enqueueIfQueued(signal: SignalItem, hints: SignalHints | undefined, sending: Promise<void> | null): Promise<void> {
  if (signal.status !== 'queued') return;
  await (sending ?? enqueueSignal(signal.bridge_kind, { frch_id: signal.frch_id, user_id: signal.user_id, bridge_id: signal.bridge_id, signal_id: signal.signal_id, hints }));
}

function logOutcome(signal: SignalItem, resend: boolean, log: Logger): void {
  // Never the URL's key nor the body: the bridge and signal ids are enough to find the stored signal.
  const fields = { bridgeKind: signal.bridge_kind, bridgeId: signal.bridge_id, signalId: signal.signal_id, status: signal.status, resend };
  if (signal.status === 'rejected') log.warn('webhook signal rejected', { ...fields, problems: signal.problems.map((problem) => problem.path) });
  else log.info('webhook signal', fields);
}

/**
 * Names, stores and enqueues one arrival; a rejected body throws 400 with its problems after it is
 * stored. A retry within the bridge's window is named as its first arrival, so the store finds that
 * signal and answers it (never a second order).
 */
export async function acceptWebhookSignal(arrival: SignalArrival, log: Logger): Promise<AcceptedSignal> {
  const { owner, bridge, body, contentType, receivedAt, retryWindowSeconds } = arrival;
  const parsed = parsedFor(bridge.kind, contentType, body);
  const providerSignalId = parsed.ok ? parsed.signal.providerSignalId : null;
  const signalId = await signalIdForArrival({ owner, bridgeId: bridge.id, providerSignalId, body, receivedAt, retryWindowSeconds });
  const verdict = verdictOf(parsed, bridge);
  const sending = sendWhileStoring(signalId, arrival, verdict);
  const outcome = await storeSignal({
    signalId,
    ...owner,
    bridgeKind: bridge.kind,
    bridgeId: bridge.id,
    receivedAt,
    rawBody: body,
    contentType,
    source: parsed.ok ? parsed.signal.source : null,
    ...verdict,
    problems: parsed.ok ? [] : parsed.problems,
  });
  // A resend answers what the first arrival became, whatever this one would have.
  const signal = outcome.stored ? outcome.item : outcome.existing;
  logOutcome(signal, !outcome.stored, log);
  if (signal.status === 'rejected') throw new ValidationError(signal.problems, `Signal ${signal.signal_id} rejected: ${signal.reason ?? 'invalid body'}`);
  await enqueueIfQueued(signal, bridge.hints, sending);
  return { signal, resend: !outcome.stored };
}
