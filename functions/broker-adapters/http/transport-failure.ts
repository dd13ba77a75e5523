/**
 * A request that got no HTTP answer. `stage` says whether the broker can have seen it:
 * 'before-send' — the request was never completely handed to a connected socket (connection refused,
 * DNS failure, socket error while connecting): provably not received;
 * 'after-send' — it was written and then the connection failed or the timeout hit: the broker may have acted on it.
 */
export type TransportStage = 'before-send' | 'after-send';

export class TransportFailure extends Error {
  constructor(
    readonly stage: TransportStage,
    readonly code: string,
    readonly timedOut: boolean,
    /** The error Node reported (an EgressTunnelError when the slot's tunnel could not be opened). */
    override readonly cause?: unknown,
  ) {
    super(timedOut ? `broker request timed out (${stage})` : `broker connection failed: ${code} (${stage})`);
    this.name = 'TransportFailure';
  }
}
