import * as z from 'zod';

/** The platform's own product name: what a host shows when its franchise has named none. */
export const DEFAULT_PRODUCT_NAME = 'TradeBridge';

const url = z.string().nullable().default(null);

/** ORG_CONFIG's public part: who runs the host and how to reach them (null before the first save). */
export const brandOrganisationSchema = z.object({
  organisation_name: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  website: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  twitter_url: z.string(),
  telegram_url: z.string(),
  youtube_url: z.string(),
  instagram_url: z.string(),
});
export type BrandOrganisation = z.infer<typeof brandOrganisationSchema>;

/**
 * The request host's brand, read before login (`getwhitelabelimages`): the image URL of each LOGO_CONFIG
 * slot (null where empty), the product name (the platform's when none is set) and ORG_CONFIG's public
 * fields. The image fields are the ones the call always answered, so older clients keep working; the
 * newer fields default for an answer that lacks them.
 */
export const brandSchema = z.object({
  horizontal_logo: url,
  vertical_logo: url,
  login_bg: url,
  favicon: url,
  product_name: z.string().default(DEFAULT_PRODUCT_NAME),
  organisation: brandOrganisationSchema.nullable().default(null),
});
export type Brand = z.infer<typeof brandSchema>;
