import type { MovementResult } from '../data/wallet/movement-items';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { publishWalletBalance, walletAudience } from '../notifications/publish-wallet-balance';

/** One transaction's announcement: started beside the write, finished once it committed. */
export interface PendingAnnouncement {
  /** Tells the owner the balance after the transaction's last movement. Never rejects. */
  committed(last: MovementResult): Promise<void>;
}

/**
 * Tells a wallet's owner of every committed transaction (the realtime channel: the SPA's credit badge).
 * `begin` runs beside the transaction (it reads who listens), so the news costs the money path no round
 * trip before the write; nothing is announced for a write that did not commit or a replay.
 */
export interface MovementAnnouncer {
  begin(owner: WalletOwner): PendingAnnouncement;
}

/** The owner's open realtime connections, read beside the write and pushed to after it. */
export const realtimeAnnouncer: MovementAnnouncer = {
  begin(owner) {
    const audience = walletAudience(owner);
    return { committed: (last) => publishWalletBalance({ seq: last.seq, balanceAfterPaise: last.balanceAfterPaise, at: last.at }, audience) };
  },
};
