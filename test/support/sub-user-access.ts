import type { CallContract } from '../../shared/contracts/define-call';
import { arrangeAssignedSlot } from './static-ip-slots';
import { arrangeCallerStrategy } from './strategy-matrix';

/**
 * The sub-user access matrix's cases (issue 19, ADR 0013): every call that names a managed user by
 * `sub_user_id` is tried by each actor of the hierarchy; only the sub-user's own parent and its
 * franchise's broker panel may act. A case gives a body that would succeed for an allowed caller.
 */
export interface HierarchyCase {
  /** A valid body naming `subUserId`; `key` makes idempotency keys unique per caller. */
  body(subUserId: number, key: string): Record<string, unknown>;
  /**
   * For calls that also name one of the caller's own objects (its static IP): made for each caller just
   * before it calls, in the caller's franchise; the answer completes the body.
   */
  arrange?(caller: { readonly userId: number; readonly frchId: number }, subUserId: number): Promise<Record<string, unknown>>;
  /**
   * Only a broker panel may name a managed user here (a group strategy's owner adding its sub-user): every
   * caller without the role gets 403 — the parent too — another franchise's panel 404, the own panel succeeds.
   */
  panelOnly?: true;
}

const onlyId: HierarchyCase = { body: (id) => ({ sub_user_id: id }) };
const flag = (allowed: boolean): HierarchyCase => ({ body: (id) => ({ sub_user_id: id, allowed }) });

export const HIERARCHY_CASES: Readonly<Record<string, HierarchyCase>> = {
  'users.subusermanagement.getsubuserinfo': onlyId,
  'users.subusermanagement.updatesubuserdematallowflag': flag(false),
  'users.subusermanagement.updatesubuserpurchaseipallowflag': flag(false),
  'users.subusermanagement.setlinksharingflag': flag(false),
  'users.subusermanagement.allowdisallowdemat': { body: (id) => ({ sub_user_ids: [id], allowed: false }) },
  'users.subusermanagement.allowdisallowpurchaseip': { body: (id) => ({ sub_user_ids: [id], allowed: false }) },
  'users.subusermanagement.updatereferpercent': { body: (id) => ({ sub_user_id: id, referral_percent: 7.25 }) },
  'users.subusermanagement.creditdebitsubuser': {
    body: (id, key) => ({ sub_user_id: id, type: 'credit', amount_paise: 10_000, source: 'parent_wallet', idempotency_key: `matrix-${key}` }),
  },
  'users.subusermanagement.getledger': onlyId,
  'users.subusermanagement.getsubuseractivities': onlyId,
  'users.subusermanagement.getorderhistory': onlyId,
  'users.subusermanagement.getreferrals': onlyId,
  'users.subusermanagement.getsubscribedstrategies': onlyId,
  'users.subusermanagement.sendbulkmails': {
    body: (id, key) => ({ subject: 'Matrix notice', body: 'Hello from the access matrix.', format: 'text', recipients: { sub_user_ids: [id] }, idempotency_key: `matrix-${key}` }),
  },
  'users.broker.connectsubuserbroker': { body: (id) => ({ sub_user_id: id, connection: { broker: 'paper' } }) },
  'users.ips.getsubuserip': onlyId,
  // The caller's own IP, which it holds (allocate) or which the sub-user holds (take back).
  'users.ips.allocateiptosubuser': { body: onlyId.body, arrange: async (caller) => ({ ip_id: await arrangeAssignedSlot(caller.frchId, caller.userId) }) },
  // The owner of a group strategy (issue 21) adding its sub-user, free, or listing the sub-user's accounts to add.
  'users.groups.strategies.userstrategysubscription': {
    body: (id, key) => ({ sub_user_id: id, multiplier: 1, idempotency_key: `matrix-${key}` }),
    arrange: (caller, id) => arrangeCallerStrategy(caller, id),
    panelOnly: true,
  },
  'users.groups.strategies.getsubscriberaccounts': {
    body: onlyId.body,
    arrange: async (caller, id) => ({ group_id: (await arrangeCallerStrategy(caller, id)).group_id }),
    panelOnly: true,
  },
  'users.ips.disallocateipfromsubuser': { body: onlyId.body, arrange: async (caller, id) => ({ ip_id: await arrangeAssignedSlot(caller.frchId, caller.userId, id) }) },
};

/** The fields (anywhere at the top of the body) by which a call names managed users. */
const SUB_USER_FIELDS = ['sub_user_id', 'sub_user_ids'];

function requestKeys(contract: CallContract): string[] {
  // Zod 4 keeps a refined object's shape on the object itself.
  const shape = (contract.request as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Calls that name a managed user: they are this matrix's, not the plain ownership matrix's. */
export function namesManagedUser(contract: CallContract): boolean {
  return requestKeys(contract).some((key) => SUB_USER_FIELDS.includes(key));
}
