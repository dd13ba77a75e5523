import type { AlertMessage } from '../../shared/contracts/realtime';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import { createLogger, type Logger } from '../platform/logger';
import { listUserConnections, type ConnectionRecord } from '../data/connections-repository';
import { publishToConnections } from './realtime-publisher';

/** What an alert says; the fields that do not apply are left out (null on the wire). */
export type AlertFacts = Pick<AlertMessage, 'kind'> & Partial<Omit<AlertMessage, 'type' | 'kind' | 'at'>>;

/**
 * Pushes an alert to the user's open realtime connections (the SPA sounds it and shows a browser
 * notification when the user turned alerts on). It follows something that already happened and is
 * recorded elsewhere, so a failed push is only logged, never thrown: it must not fail the order path.
 */
type AlertOwner = { readonly frchId: number; readonly userId: number };

const alertLog = (log?: Logger) => log ?? createLogger({ component: 'alerts' }, config().logLevel);

/**
 * The connections an alert would reach, read now — a caller on the order path starts this beside its own
 * write, so the alert adds no round trip there. Never fails: an unread audience is logged and empty.
 */
export async function alertAudience(owner: AlertOwner, log?: Logger): Promise<readonly ConnectionRecord[]> {
  try {
    return await listUserConnections(owner.frchId, owner.userId);
  } catch (error) {
    alertLog(log).warn('alert audience not read', { error });
    return [];
  }
}

export async function publishAlert(owner: AlertOwner, facts: AlertFacts, log?: Logger, audience?: Promise<readonly ConnectionRecord[]>): Promise<void> {
  const message: AlertMessage = {
    type: 'alert',
    kind: facts.kind,
    at: clockNow().toISOString(),
    account: facts.account ?? null,
    group: facts.group ?? null,
    side: facts.side ?? null,
    quantity: facts.quantity ?? null,
    trading_symbol: facts.trading_symbol ?? null,
    price: facts.price ?? null,
    reason: facts.reason ?? null,
  };
  try {
    const connections = await (audience ?? alertAudience(owner, log));
    if (connections.length > 0) await publishToConnections(connections, message);
  } catch (error) {
    alertLog(log).warn('alert not pushed', { kind: facts.kind, error });
  }
}
