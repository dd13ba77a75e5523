import { recordActivity } from '../data/activities-repository';
import { listDueRenewals, slotWriteItem, type IpSlotItem } from '../data/static-ips/static-ips-repository';
import { transactIfConditionsHold } from '../data/table';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { moveWallet, NOT_ENOUGH_CREDIT_MESSAGE } from '../wallet/move-wallet';
import { addMonths, dayText, NOTIFY_TYPE, renewalDueAt, rupeesText, staticIpTerms } from './ip-terms';
import { releaseItems } from './release-static-ip';

export interface RenewalRunSummary {
  noticed: number;
  renewed: number;
  released: number;
  /** Slots another writer changed meanwhile (the next run sees them again). */
  skipped: number;
}

const SCHEDULE_OPERATION = 'schedule.static-ips';

async function tell(slot: IpSlotItem, message: string, log: Logger): Promise<void> {
  const users = [...new Set([slot.owner_user_id, slot.holder_user_id].filter((id): id is number => id !== null))];
  for (const userId of users) {
    await notifyUser(slot.frch_id, userId, { notifyType: NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('static IP notification not stored', { error }));
  }
}

async function remember(slot: IpSlotItem, action: string, log: Logger): Promise<void> {
  if (slot.owner_user_id === null) return;
  await recordActivity({ frchId: slot.frch_id, userId: slot.owner_user_id, action, operation: SCHEDULE_OPERATION, ip: '', userAgent: 'schedule' }).catch((error: unknown) =>
    log.error('activity not recorded', { operation: SCHEDULE_OPERATION, error }),
  );
}

/** The notice, once per period (written first, so two runs never send it twice). */
async function sendNotice(slot: IpSlotItem, expiresAt: string, now: Date, log: Logger): Promise<boolean> {
  const next = { ...slot, renewal_notice_for: expiresAt, renewal_due_at: renewalDueAt(expiresAt, expiresAt) };
  if (!(await transactIfConditionsHold([slotWriteItem(slot, next, now)]))) return false;
  const message = slot.auto_renew
    ? `Your static IP ${slot.address} renews on ${dayText(expiresAt)} for one more month from your wallet.`
    : `Your static IP ${slot.address} expires on ${dayText(expiresAt)}. Turn on auto-renew to keep it.`;
  await tell(slot, message, log);
  return true;
}

async function release(slot: IpSlotItem, now: Date, why: string, log: Logger): Promise<boolean> {
  if (!(await transactIfConditionsHold(await releaseItems(slot, now)))) return false;
  await tell(slot, `Your static IP ${slot.address} ${why}. Accounts that used it now send their orders without a static IP.`, log);
  await remember(slot, `Static IP released: ${slot.address} (${why})`, log);
  return true;
}

/**
 * One month more from the owner's wallet, in ONE transaction with the slot's new expiry. The key names the
 * slot and the expiry it extends, so a renewal happens once per period however often the schedule runs.
 * Not enough credit: the IP is released into quarantine and the users told.
 */
async function renew(slot: IpSlotItem, expiresAt: string, now: Date, log: Logger): Promise<'renewed' | 'released' | 'skipped'> {
  const owner = slot.owner_user_id;
  if (owner === null) return 'skipped';
  const { monthlyPricePaise } = await staticIpTerms(slot.frch_id);
  const nextExpiry = addMonths(new Date(expiresAt), 1).toISOString();
  const next = { ...slot, expires_at: nextExpiry, renewal_notice_for: null, renewal_due_at: renewalDueAt(nextExpiry, null) };
  try {
    const outcome = await moveWallet(
      {
        owner: { frchId: slot.frch_id, userId: owner },
        direction: 'debit',
        amountPaise: monthlyPricePaise,
        reason: 'static_ip',
        reference: { ip_id: slot.ip_id, renews: expiresAt },
        description: `Static IP ${slot.address}: one more month`,
        idempotencyKey: `static-ip-renewal#${slot.ip_id}-${expiresAt}`,
      },
      [slotWriteItem(slot, next, now)],
    );
    if (outcome.kind === 'alongside-refused') return 'skipped';
    if (outcome.kind === 'moved') {
      await tell(slot, `Your static IP ${slot.address} was renewed until ${dayText(nextExpiry)} for ${rupeesText(outcome.movement.amountPaise)} from your wallet.`, log);
      await remember(slot, `Renewed a static IP: ${slot.address} until ${nextExpiry}`, log);
    }
    return 'renewed';
  } catch (error) {
    if (!(error instanceof BusinessRuleError && error.message === NOT_ENOUGH_CREDIT_MESSAGE)) throw error;
    return (await release(slot, now, `could not be renewed: your wallet did not cover ${rupeesText(monthlyPricePaise)}, so it was released`, log)) ? 'released' : 'skipped';
  }
}

/** One slot's due step: the notice before expiry; at or after expiry the renewal (auto-renew) or the release. */
async function runStep(slot: IpSlotItem, now: Date, log: Logger, summary: RenewalRunSummary): Promise<void> {
  const expiresAt = slot.expires_at;
  if (slot.state !== 'assigned' || !expiresAt) return;
  if (now.toISOString() < expiresAt) {
    if (slot.renewal_notice_for !== expiresAt && (await sendNotice(slot, expiresAt, now, log))) summary.noticed += 1;
    return;
  }
  const outcome = slot.auto_renew ? await renew(slot, expiresAt, now, log) : (await release(slot, now, 'has expired and was released', log)) ? 'released' : 'skipped';
  summary[outcome] += 1;
}

/**
 * The `static-ips` schedule: every assigned slot whose notice or expiry is due (or one franchise's, for a
 * run of its own). A slot that fails is logged and the run goes on.
 */
export async function runStaticIpRenewals(log: Logger, options: { readonly now?: Date; readonly onlyFrchId?: number } = {}): Promise<RenewalRunSummary> {
  const now = options.now ?? clockNow();
  const summary: RenewalRunSummary = { noticed: 0, renewed: 0, released: 0, skipped: 0 };
  for await (const slot of listDueRenewals(now.toISOString(), options.onlyFrchId)) {
    try {
      await runStep(slot, now, log, summary);
    } catch (error) {
      summary.skipped += 1;
      log.error('static IP renewal step failed', { ip_id: slot.ip_id, error });
    }
  }
  return summary;
}
