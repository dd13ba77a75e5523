import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import type { SubUser } from '../../shared/contracts/subusers';
import { PAISE_PER_RUPEE } from '../../shared/domain/money';
import type { UserItem } from '../data/user-item';
import { readConfigFields } from '../panel-configs/read-panel-configs';
import { basisPointsOf, percentOf, readSubUserFlags } from './sub-user-flags';

/** The referral percent of a user whose parent set none: the franchise's PAYMENT_CONFIGS default, in basis points. */
export async function defaultReferralBp(frchId: number): Promise<number> {
  const configs = await readConfigFields(frchId, 'PAYMENT_CONFIGS');
  return basisPointsOf(configs?.default_referral_percent ?? DEFAULT_PAYMENT_CONFIGS.default_referral_percent);
}

/** One sub-user as its parent sees it (`subUserSchema`); `defaultBp` is the franchise's default referral percent. */
export function toSubUser(user: UserItem, defaultBp: number): SubUser {
  const flags = readSubUserFlags(user);
  return {
    user_id: user.user_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    mobile_no: user.mobile_no,
    profile_status: user.profile_status,
    parent_user_id: user.parent_user_id,
    current_credit: user.current_credit,
    // The item's balance was read as rupees with two decimals (data/wallet/stored-balance.ts): exact in paise.
    balance_paise: Math.round(user.current_credit * PAISE_PER_RUPEE),
    demat_allowed: flags.dematAllowed,
    purchase_ip_allowed: flags.purchaseIpAllowed,
    link_sharing: flags.linkSharing,
    referral_percent: percentOf(flags.referralBp ?? defaultBp),
    password_set: user.password_hash !== '',
    created_at: user.createdAt,
  };
}
