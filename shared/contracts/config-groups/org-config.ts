import * as z from 'zod';
import { defineConfigGroup } from './config-group';

/** India's GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://.' }).max(300)]).default('');

/** ORG_CONFIG: who the franchise is, shown in the profile menu, the login page and mail footers. */
export const orgConfigGroup = defineConfigGroup({
  group: 'ORG_CONFIG',
  title: 'Organisation',
  editors: ['brokerPanel', 'whiteLabel'],
  secretFields: [],
  fields: z.strictObject({
    organisation_name: z.string().trim().min(2, 'Enter the organisation name.').max(120, 'At most 120 characters.'),
    address: z.string().trim().max(300, 'At most 300 characters.').default(''),
    support_email: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]).default(''),
    support_phone: z
      .string()
      .trim()
      .regex(/^(\+?[0-9][0-9 -]{6,18})?$/, 'Enter a phone number (digits, spaces, + and -).')
      .default(''),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || GSTIN_PATTERN.test(value), 'Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).')
      .default(''),
    website: optionalUrl,
    terms_url: optionalUrl,
    privacy_url: optionalUrl,
    twitter_url: optionalUrl,
    telegram_url: optionalUrl,
    youtube_url: optionalUrl,
    instagram_url: optionalUrl,
  }),
});
