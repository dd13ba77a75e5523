import { staticIpAllowed, type UserItem } from '../data/user-item';

/**
 * What a user may do as its parent decided (issue 19, ADR 0013), read where each takes effect: connecting
 * or reconnecting broker accounts, making broker-connection links, buying static IPs, earning referrals.
 * A flag never set is allowed: the flags restrict managed users, and a user nobody restricted keeps every
 * permission. `referralBp` is null when the parent set no percent (the franchise's default applies).
 */
export interface SubUserFlags {
  readonly dematAllowed: boolean;
  readonly purchaseIpAllowed: boolean;
  readonly linkSharing: boolean;
  readonly referralBp: number | null;
}

export function readSubUserFlags(user: Pick<UserItem, 'demat_allowed' | 'purchase_ip_allowed' | 'link_sharing' | 'referral_bp'>): SubUserFlags {
  return {
    dematAllowed: user.demat_allowed ?? true,
    purchaseIpAllowed: staticIpAllowed(user),
    linkSharing: user.link_sharing ?? true,
    referralBp: user.referral_bp ?? null,
  };
}

/** Basis points from a percent with at most two decimals (12.5 → 1250). */
export function basisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}

/** A percent with two decimals from basis points (1250 → 12.5). */
export function percentOf(basisPoints: number): number {
  return basisPoints / 100;
}
