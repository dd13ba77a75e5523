import type { z } from 'zod';
import type { subUserContracts, SubUser } from '../../shared/contracts/subusers';
import { pageOfListedUsers, pageOfSubUsers, type ListedUser, type UserListing } from '../data/sub-users/sub-users-repository';
import type { Principal } from '../platform/http/principal';
import { managesUser } from './sub-user-scope';
import { defaultReferralBp, toSubUser } from './sub-user-view';

export type SubUserQuery = z.infer<typeof subUserContracts.getSubUsers.request>;

/** The listing that holds exactly the users the caller manages (ADR 0013): the broker panel's franchise, a parent's own sub-users. */
export function managedListing(principal: Principal): UserListing {
  return principal.roles.is_brokerpanel ? 'franchise' : { parentId: principal.userId };
}

/** Whether the user matches the search: name, email, mobile or id, case-insensitive, anywhere in the text. */
function matchesSearch(user: ListedUser, needle: string): boolean {
  const haystack = [`${user.first_name} ${user.last_name}`, user.email, user.mobile_no, String(user.user_id)];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/**
 * The users the caller manages, in id order: its listing read once, each user kept only if the hierarchy
 * rule (`managesUser`: never the caller itself) and the search and status accept it; `total` counts them all.
 */
export async function listSubUsers(principal: Principal, query: SubUserQuery): Promise<{ items: SubUser[]; total: number }> {
  const needle = (query.search ?? '').toLowerCase();
  const keep = (user: ListedUser) =>
    managesUser(principal, user) && (query.status === 'all' || user.profile_status === query.status) && (needle === '' || matchesSearch(user, needle));
  const listing = managedListing(principal);
  const paging = { offset: query.offset, limit: query.limit };
  // A parent's list without a search or a status filter is read page by page, with the kept count as its total.
  const unfiltered = listing !== 'franchise' && needle === '' && query.status === 'all';
  const [counted, defaultBp] = await Promise.all([
    unfiltered ? pageOfSubUsers(principal.frchId, listing.parentId, paging) : null,
    defaultReferralBp(principal.frchId),
  ]);
  const page = counted ?? (await pageOfListedUsers(principal.frchId, listing, keep, paging));
  return { items: page.items.map((user) => toSubUser(user, defaultBp)), total: page.total };
}
