import * as z from 'zod';
import { WHITE_LABEL_IMAGE_TYPES } from '../../domain/ranges';
import { defineConfigGroup } from './config-group';

/** The places a franchise's brand shows an image: the sidebar and login logos, the login background, the tab icon. */
export const LOGO_SLOTS = WHITE_LABEL_IMAGE_TYPES;
export type LogoSlot = (typeof LOGO_SLOTS)[number];

/**
 * Which of the franchise's uploaded images (`setwhitelabelimages`, one per kind) fills a slot, by the
 * kind it was uploaded as; '' leaves the slot empty (the plain default look).
 */
const slotImage = z
  .union([z.literal(''), z.enum(WHITE_LABEL_IMAGE_TYPES, { error: `Choose one of the uploaded images (${WHITE_LABEL_IMAGE_TYPES.join(', ')}) or none.` })])
  .default('');

/**
 * LOGO_CONFIG: the brand a host shows, also before login. Images are uploaded with `setwhitelabelimages`
 * (checked by content and size there); this group names the product and says which upload fills each
 * slot, so a slot can be cleared without deleting the file, or point at another upload. Before the
 * group's first save each slot shows the upload of its own kind (the white-label images as they were).
 */
export const logoConfigGroup = defineConfigGroup({
  group: 'LOGO_CONFIG',
  title: 'Logo and brand',
  editors: ['brokerPanel', 'whiteLabel'],
  secretFields: [],
  fields: z.strictObject({
    /** The name shown in the title bar, the sidebar and the login page; '' shows the platform's own name. */
    product_name: z.string().trim().max(60, 'At most 60 characters.').default(''),
    horizontal_logo: slotImage,
    vertical_logo: slotImage,
    login_bg: slotImage,
    favicon: slotImage,
  }),
});
export type LogoConfig = z.infer<typeof logoConfigGroup.fields>;
