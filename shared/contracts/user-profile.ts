import * as z from 'zod';
import { ageRangeSchema } from '../domain/ranges';

/** The user profile the API returns (spec §3, "User profile"). Never carries secrets. */
export const userProfileSchema = z.object({
  user_id: z.number().int().positive(),
  frch_id: z.number().int().positive(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile_no: z.string(),
  state: z.string(),
  city: z.string(),
  age_range: ageRangeSchema.nullable(),
  profile_image: z.string().nullable(),
  profile_status: z.enum(['active', 'inactive']),
  current_credit: z.number(),
  is_brokerpanel: z.boolean(),
  is_white_label: z.boolean(),
  can_add_subuser: z.boolean(),
  is_ip_enable: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Claims of the login token (spec §3, "Token fields"). */
export const tokenClaimsSchema = z.object({
  user_id: z.number().int().positive(),
  frch_id: z.number().int().positive(),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
