import { claimRetryWindow } from '../../data/signal-retry-window-repository';
import { arrivalSignalId, bodyDigestOf, namedSignalId } from '../signal-identity';

export interface ArrivalIdentity {
  readonly owner: { readonly frchId: number; readonly userId: number };
  readonly bridgeId: string;
  /** The sender's own `signal_id`, when the body carries one. */
  readonly providerSignalId: string | null;
  readonly body: string;
  readonly receivedAt: Date;
  /** The bridge's retry window in seconds; 0 = off. */
  readonly retryWindowSeconds: number;
}

/**
 * The signal an arrival is (signal-identity.ts): the sender's name when it gave one (no round trip);
 * with the retry window off, a new signal; otherwise one conditional write to the bridge's retry window
 * decides whether this body was accepted within the window (its first signal's id) or starts a new one.
 */
export async function signalIdForArrival(arrival: ArrivalIdentity): Promise<string> {
  const { owner, bridgeId, providerSignalId, body, receivedAt, retryWindowSeconds } = arrival;
  if (providerSignalId !== null) return namedSignalId(bridgeId, providerSignalId);
  const candidate = arrivalSignalId(bridgeId, body, receivedAt);
  if (retryWindowSeconds <= 0) return candidate;
  const verdict = await claimRetryWindow({
    frchId: owner.frchId,
    userId: owner.userId,
    bridgeId,
    bodyDigest: bodyDigestOf(bridgeId, body),
    candidateSignalId: candidate,
    receivedAt,
    windowSeconds: retryWindowSeconds,
  });
  return verdict.signalId;
}
