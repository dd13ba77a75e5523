import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import type { UserItem } from '../data/user-item';
import { readConfigFields } from '../panel-configs/read-panel-configs';
import { basisPointsOf, readSubUserFlags } from '../sub-users/sub-user-flags';

/**
 * The referrer's percent in basis points (1250 = 12.5 %): the one its parent set (`updatereferpercent`),
 * else the franchise's default (PAYMENT_CONFIGS `default_referral_percent`).
 */
export async function referralPercentBp(referrer: Pick<UserItem, 'frch_id' | 'demat_allowed' | 'purchase_ip_allowed' | 'link_sharing' | 'referral_bp'>): Promise<number> {
  const own = readSubUserFlags(referrer).referralBp;
  if (own !== null) return own;
  const configs = await readConfigFields(referrer.frch_id, 'PAYMENT_CONFIGS');
  return basisPointsOf(configs?.default_referral_percent ?? DEFAULT_PAYMENT_CONFIGS.default_referral_percent);
}

/** What `percentBp` of a payment earns, floored to whole paise (the platform never rounds money up). */
export function earningOf(amountPaise: number, percentBp: number): number {
  return Math.floor((amountPaise * percentBp) / 10_000);
}
