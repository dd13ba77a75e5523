import { getBrokerAccount, listDueSessions, type BrokerAccountItem } from '../data/broker-accounts-repository';
import { expireAccount } from '../broker-accounts/sessions/expire-session';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import { ConflictError } from '../platform/errors';
import { createLogger, type Logger } from '../platform/logger';

/** Still connected, a real broker, and past its session's end on a consistent read. */
function isDue(account: BrokerAccountItem | null, now: Date): account is BrokerAccountItem {
  if (!account || account.status !== 'connected' || account.broker === 'paper' || !account.session_valid_until) return false;
  return Date.parse(account.session_valid_until) <= now.getTime();
}

async function expireOne(candidate: BrokerAccountItem, now: Date, log: Logger): Promise<boolean> {
  const owner = { frchId: candidate.frch_id, userId: candidate.user_id };
  const account = await getBrokerAccount(owner, candidate.broker_id);
  if (!isDue(account, now)) return false;
  try {
    await expireAccount(owner, account, log.child({ userId: owner.userId, frchId: owner.frchId }), now);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/**
 * Marks connected real-broker accounts whose session has ended as `expired` and tells their users
 * (Indian broker sessions end daily). Reads only the sparse session index entries that are due; each
 * account is re-read and moved with a conditional write, so a session renewed meanwhile is left alone.
 */
export async function expireDueBrokerSessions(now: Date): Promise<{ expired: number }> {
  const log = createLogger({ worker: 'broker-session-expiry' }, config().logLevel);
  let expired = 0;
  for await (const candidate of listDueSessions(now.toISOString())) {
    if (await expireOne(candidate, now, log)) expired += 1;
  }
  log.info('broker sessions expired', { expired });
  return { expired };
}

/** The schedule's entry (every 15 minutes); the EventBridge event carries nothing it needs. */
export function handler(): Promise<{ expired: number }> {
  return expireDueBrokerSessions(clockNow());
}
