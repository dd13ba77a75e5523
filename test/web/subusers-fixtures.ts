import { subUserContracts, subUserSchema, type SubUser } from '../../shared/contracts/subusers';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { saveSession } from '../../web/src/lib/auth-storage';
import { CATALOG } from './demat-fixtures';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a small in-memory sub-user API for the /user screens; every value passes the contract's schema. */
export const A = '/api/v4';
export const SUB = `${A}/users/subusermanagement`;

export const BROKER_PANEL = profileFixture({ user_id: 2, is_brokerpanel: true, is_white_label: false });
export const LINK_PARENT = profileFixture({ user_id: 7, is_brokerpanel: false, is_white_label: false, can_add_subuser: true });

export function subUserFixture(overrides: Partial<SubUser> = {}): SubUser {
  return subUserSchema.parse({
    user_id: 12,
    first_name: 'Ravi',
    last_name: 'Kumar',
    email: 'ravi@example.com',
    mobile_no: '9876500012',
    profile_status: 'active',
    parent_user_id: 7,
    current_credit: 123456.5,
    balance_paise: 12_345_650,
    demat_allowed: true,
    purchase_ip_allowed: false,
    link_sharing: true,
    referral_percent: 10,
    password_set: true,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export const RAVI = subUserFixture();
export const MEERA = subUserFixture({ user_id: 15, first_name: 'Meera', last_name: 'Shah', email: 'meera@example.com', mobile_no: '9876500015', balance_paise: 0, current_credit: 0, demat_allowed: false });

type Answer = (request: Request) => Response | Promise<Response>;

/** What a call was sent with, in order, by its last path segment (`getsubusers`). */
export type SentBodies = Record<string, unknown[]>;

/**
 * Signs in as `profile` and answers the sub-user calls from `users` (search matches name, email, mobile
 * or id as the server does); `overrides` replace single answers by `METHOD /path`.
 */
export function serveSubUserApi(profile: UserProfile, users: SubUser[], overrides: Record<string, Answer> = {}) {
  const sent: SentBodies = {};
  const record = async (request: Request) => {
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : null;
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    (sent[name] ??= []).push(body);
    return body;
  };
  const flag = (field: 'demat_allowed' | 'purchase_ip_allowed' | 'link_sharing') => async (request: Request) => {
    const body = subUserContracts.updateSubUserDematAllowFlag.request.parse(await record(request));
    const user = users.find((one) => one.user_id === body.sub_user_id);
    return user ? jsonResponse(successBody({ sub_user: { ...user, [field]: body.allowed } })) : jsonResponse(errorBody('User not found.', 'NOT_FOUND'), 404);
  };
  saveSession(validToken({ user_id: profile.user_id, frch_id: 3 }), profile);
  const answers: Record<string, Answer> = {
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profile)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/broker/getavailablebrokers`]: () => jsonResponse(successBody(CATALOG)),
    [`POST ${SUB}/getsubusers`]: async (request) => {
      const body = subUserContracts.getSubUsers.request.parse(await record(request));
      const needle = body.search?.toLowerCase() ?? '';
      const found = users.filter(
        (user) =>
          (body.status === 'all' || user.profile_status === body.status) &&
          [`${user.first_name} ${user.last_name}`, user.email, user.mobile_no, String(user.user_id)].some((text) => text.toLowerCase().includes(needle)),
      );
      return jsonResponse(successBody({ items: found.slice(body.offset, body.offset + body.limit), total: found.length }));
    },
    [`POST ${SUB}/getsubuserinfo`]: async (request) => {
      const body = subUserContracts.getSubUserInfo.request.parse(await record(request));
      const user = users.find((one) => one.user_id === body.sub_user_id);
      return user
        ? jsonResponse(successBody({ sub_user: user, broker_account_count: 1, referred_count: 0 }))
        : jsonResponse(errorBody('User not found.', 'NOT_FOUND'), 404);
    },
    [`POST ${SUB}/updatesubuserdematallowflag`]: flag('demat_allowed'),
    [`POST ${SUB}/updatesubuserpurchaseipallowflag`]: flag('purchase_ip_allowed'),
    [`POST ${SUB}/setlinksharingflag`]: flag('link_sharing'),
  };
  // An override's request is recorded too, so a test sees what its own answer was sent.
  const recordedOverrides = Object.fromEntries(
    Object.entries(overrides).map(([key, answer]) => [key, async (request: Request) => (await record(request), answer(request))]),
  );
  const { requests } = stubFetch({ ...answers, ...recordedOverrides });
  return { sent, requests };
}
