import type { RequestOf } from '../../shared/contracts/define-call';
import type { StaticIp, staticIpContracts } from '../../shared/contracts/ips';
import { listBrokerAccounts, type BrokerAccountItem } from '../data/broker-accounts-repository';
import {
  getPurchaseRecord,
  getSlot,
  listAvailableSlots,
  purchaseRecordItem,
  slotAssignItem,
  type IpSlotFields,
  type IpSlotItem,
  type PurchaseRecord,
} from '../data/static-ips/static-ips-repository';
import { getUser } from '../data/users-repository';
import { readMovementRecord } from '../data/wallet/wallet-repository';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { readSubUserFlags } from '../sub-users/sub-user-flags';
import { KEY_REUSED_MESSAGE, moveWallet } from '../wallet/move-wallet';
import { planBinding } from './ip-binding-plan';
import { registerWithBrokers } from './ip-registration';
import { addMonths, dayText, noFreeIpMessage, NOTIFY_TYPE, renewalDueAt, rupeesText, staticIpTerms } from './ip-terms';
import { viewOfSlot } from './ip-views';

type PurchaseRequest = RequestOf<typeof staticIpContracts.purchaseStaticIp>;
export interface PurchaseAnswer {
  readonly ip: StaticIp;
  readonly balance_paise: number;
  readonly replayed: boolean;
}

export const PURCHASE_ENDED_MESSAGE = 'This purchase was already made, and its IP has since been released.';
export const PURCHASE_NOT_ALLOWED_MESSAGE = 'Your account manager has not allowed you to buy static IPs.';
/** The wallet's idempotency keys of purchases: `static-ip#<the client's key>` (in the buyer's own wallet). */
const OPERATION = 'static-ip';
/** Candidates read per try: buyers racing for the same pool spread over them instead of all taking the first. */
const CANDIDATES = 20;
/** Each lost race means another buyer took that slot, so tries are bounded by the pool a buyer can see. */
const MAX_TRIES = 60;

/** What the key stands for: the same key for another purchase is refused. */
function fingerprintOf(request: PurchaseRequest): string {
  return JSON.stringify([request.version, request.months, request.auto_renew, request.label, [...request.broker_ids].sort()]);
}

function assignedFields(slot: IpSlotItem, userId: number, request: PurchaseRequest, now: Date): IpSlotFields {
  const expiresAt = addMonths(now, request.months).toISOString();
  return {
    ...slot,
    state: 'assigned',
    owner_user_id: userId,
    holder_user_id: userId,
    assigned_at: now.toISOString(),
    holder_changed_at: null,
    expires_at: expiresAt,
    auto_renew: request.auto_renew,
    label: request.label,
    role: 'primary',
    quarantined_until: null,
    account_ids: [...new Set(request.broker_ids)],
    renewal_notice_for: null,
    renewal_due_at: renewalDueAt(expiresAt, null),
  };
}

/** The first purchase under the key: the slot it bought and the balance right after it. */
async function replay(principal: Principal, key: string, record: PurchaseRecord, fingerprint: string): Promise<PurchaseAnswer> {
  if (record.fingerprint !== fingerprint) throw new ConflictError(KEY_REUSED_MESSAGE);
  const [slot, movement] = await Promise.all([getSlot(principal.frchId, record.ip_id), readMovementRecord(principal, `${OPERATION}#${key}`)]);
  // A slot released since (and maybe bought by someone else) is not shown: only that the purchase happened.
  if (!slot || movement?.kind !== 'wallet' || slot.state !== 'assigned' || slot.owner_user_id !== principal.userId) throw new ConflictError(PURCHASE_ENDED_MESSAGE);
  return { ip: await viewOfSlot(slot), balance_paise: movement.result.balanceAfterPaise, replayed: true };
}

/**
 * `purchasestaticip`: one free address of the version for the period, paid from the buyer's wallet in ONE
 * transaction with the slot's assignment (conditioned on the slot being as read and still buyable), the
 * purchase record under the client's key, and — with `broker_ids` — the accounts' bindings. A lost race
 * tries another slot; when none is left, 409. The same key answers the first purchase; the same key for
 * another request is a 409. A user whose parent stopped its purchases is refused (403).
 */
export async function purchaseStaticIp(principal: Principal, request: PurchaseRequest, log: Logger): Promise<PurchaseAnswer> {
  const user = await getUser(principal.frchId, principal.userId);
  if (!user) throw new NotFoundError('User not found');
  if (!readSubUserFlags(user).purchaseIpAllowed) throw new ForbiddenError(PURCHASE_NOT_ALLOWED_MESSAGE);
  const fingerprint = fingerprintOf(request);
  const key = request.idempotency_key;
  const recorded = await getPurchaseRecord(principal.frchId, principal.userId, key);
  if (recorded) return replay(principal, key, recorded, fingerprint);

  const { monthlyPricePaise } = await staticIpTerms(principal.frchId);
  const owner = { frchId: principal.frchId, userId: principal.userId };
  let accounts: BrokerAccountItem[] = request.broker_ids.length > 0 ? await listBrokerAccounts(owner) : [];
  const tried = new Set<string>();
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const now = clockNow();
    const candidates = (await listAvailableSlots(principal.frchId, request.version, now.toISOString(), CANDIDATES + tried.size)).filter((slot) => !tried.has(slot.ip_id));
    const slot = candidates[Math.floor(Math.random() * candidates.length)];
    if (!slot) throw new ConflictError(noFreeIpMessage(request.version));
    const next = assignedFields(slot, principal.userId, request, now);
    const binding = await planBinding({ ...slot, account_ids: [] }, next, accounts, request.broker_ids, now);
    let outcome: Awaited<ReturnType<typeof moveWallet>>;
    try {
      outcome = await moveWallet(
        {
          owner,
          direction: 'debit',
          amountPaise: monthlyPricePaise * request.months,
          reason: 'static_ip',
          reference: { ip_id: slot.ip_id, months: String(request.months) },
          description: `Static IP ${slot.address} for ${request.months} month${request.months === 1 ? '' : 's'}`,
          idempotencyKey: `${OPERATION}#${key}`,
        },
        [slotAssignItem(slot, next, now), purchaseRecordItem(principal.frchId, principal.userId, key, { ip_id: slot.ip_id, fingerprint }, now), ...binding.items],
      );
    } catch (error) {
      // The same key arrived twice at once and the other request won: answer as its replay.
      const won = error instanceof ConflictError && error.message === KEY_REUSED_MESSAGE ? await getPurchaseRecord(principal.frchId, principal.userId, key) : null;
      if (won) return replay(principal, key, won, fingerprint);
      throw error;
    }
    if (outcome.kind === 'alongside-refused') {
      if (outcome.index === 0) tried.add(slot.ip_id);
      else if (outcome.index === 1) {
        const won = await getPurchaseRecord(principal.frchId, principal.userId, key);
        if (won) return replay(principal, key, won, fingerprint);
      } else accounts = await listBrokerAccounts(owner);
      continue;
    }
    if (outcome.kind === 'replayed') {
      const won = await getPurchaseRecord(principal.frchId, principal.userId, key);
      if (won) return replay(principal, key, won, fingerprint);
      throw new ConflictError(KEY_REUSED_MESSAGE);
    }
    const bought = await getSlot(principal.frchId, slot.ip_id);
    if (!bought) throw new NotFoundError('Static IP not found');
    await registerWithBrokers(bought, binding.newlyBound, log);
    const message = `You bought the static IP ${bought.address} for ${rupeesText(outcome.movement.amountPaise)}; it is paid until ${dayText(next.expires_at ?? '')}.`;
    await notifyUser(principal.frchId, principal.userId, { notifyType: NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('static IP notification not stored', { error }));
    return { ip: await viewOfSlot(bought), balance_paise: outcome.movement.balanceAfterPaise, replayed: false };
  }
  throw new ConflictError(noFreeIpMessage(request.version));
}
