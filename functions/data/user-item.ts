import * as z from 'zod';
import { userProfileSchema, type UserProfile } from '../../shared/contracts/user-profile';
import { rupeesFromPaise } from '../../shared/domain/money';
import { storedBalanceOf } from './wallet/stored-balance';

const storedUserSchema = userProfileSchema.extend({
  entity: z.literal('user'),
  password_hash: z.string(),
  /** Tokens issued before this epoch second are revoked (logout everywhere, password change). */
  tokens_valid_after: z.number().int(),
  /** Single tokens logged out before they expire: token id → its latest possible expiry (epoch seconds), pruned as they pass. */
  revoked_tokens: z.record(z.string(), z.number().int()).optional(),
  parent_user_id: z.number().int().nullable(),
  /**
   * What a parent allows a sub-user (issue 19, ADR 0013); absent on users nobody restricted (read through
   * functions/sub-users/sub-user-flags.ts, which gives the defaults). `referral_bp`: the referral percent in
   * basis points (12.5 % = 1250); absent: the franchise's default (PAYMENT_CONFIGS).
   */
  demat_allowed: z.boolean().optional(),
  purchase_ip_allowed: z.boolean().optional(),
  link_sharing: z.boolean().optional(),
  referral_bp: z.number().int().min(0).max(10_000).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A user as stored: the profile plus fields that never leave the server. The wallet balance on the item
 * is read by the wallet's one rule (data/wallet/stored-balance.ts: integer paise) and shown as
 * `current_credit`, rupees with two decimals; only the wallet writes it.
 */
export const userItemSchema = z.preprocess(
  (raw) => (raw !== null && typeof raw === 'object' ? { ...raw, current_credit: rupeesFromPaise(storedBalanceOf(raw as Record<string, unknown>).paise) } : raw),
  storedUserSchema,
);
export type UserItem = z.infer<typeof userItemSchema>;

/**
 * The user's static-IP flag (spec §6 `is_ip_enable`; ADR 0014): one source, the purchase-IP permission its
 * parent or the broker panel sets (`purchase_ip_allowed`); a user nobody restricted may buy.
 */
export function staticIpAllowed(item: Pick<UserItem, 'purchase_ip_allowed'>): boolean {
  return item.purchase_ip_allowed ?? true;
}

export function toUserProfile(item: UserItem): UserProfile {
  return userProfileSchema.parse({ ...item, is_ip_enable: staticIpAllowed(item) });
}
