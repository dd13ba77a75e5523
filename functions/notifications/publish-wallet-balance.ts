import type { WalletMessage } from '../../shared/contracts/realtime';
import { rupeesFromPaise } from '../../shared/domain/money';
import { listUserConnections, type ConnectionRecord } from '../data/connections-repository';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { publishToConnections } from './realtime-publisher';

type WalletOwner = { readonly frchId: number; readonly userId: number };

/** The balance to announce: after the wallet's movement number `seq`, written at `at`. */
export interface WalletBalanceNews {
  readonly seq: number;
  readonly balanceAfterPaise: number;
  readonly at: string;
}

const walletLog = () => createLogger({ component: 'wallet-push' }, config().logLevel);

/**
 * The connections a wallet's news would reach, read now — the wallet starts this beside its transaction,
 * so the push adds no round trip before it. Never fails: an unread audience is logged and empty.
 */
export async function walletAudience(owner: WalletOwner): Promise<readonly ConnectionRecord[]> {
  try {
    return await listUserConnections(owner.frchId, owner.userId);
  } catch (error) {
    walletLog().warn('wallet audience not read', { error });
    return [];
  }
}

/**
 * Pushes the wallet's balance to its owner's open realtime connections (the top bar's credit badge). It
 * follows a movement already committed, so a failed push is only logged, never thrown: money never waits
 * on it failing.
 */
export async function publishWalletBalance(news: WalletBalanceNews, audience: Promise<readonly ConnectionRecord[]>): Promise<void> {
  try {
    const connections = await audience;
    if (connections.length === 0) return;
    const message: WalletMessage = {
      type: 'wallet',
      credit_paise: news.balanceAfterPaise,
      current_credit: rupeesFromPaise(news.balanceAfterPaise),
      seq: news.seq,
      at: news.at,
    };
    await publishToConnections(connections, message);
  } catch (error) {
    walletLog().warn('wallet balance not pushed', { seq: news.seq, error });
  }
}
