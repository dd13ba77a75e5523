import { DEFAULT_PRODUCT_NAME, type Brand, type BrandOrganisation } from '../../shared/contracts/brand';
import { LOGO_SLOTS, type LogoConfig } from '../../shared/contracts/config-groups/logo-config';
import type { ConfigFields } from '../../shared/contracts/panel-configs';
import type { WhiteLabelImages } from '../../shared/contracts/user';
import { readWhiteLabelImages } from '../user/white-label-images';
import { readConfigFields } from './read-panel-configs';

/** Before LOGO_CONFIG's first save every slot shows the upload of its own kind (the white-label images as they were). */
function slotsBeforeFirstSave(uploads: WhiteLabelImages): LogoConfig {
  const slots = Object.fromEntries(LOGO_SLOTS.map((slot) => [slot, uploads[slot] === null ? '' : slot]));
  return { product_name: '', ...slots } as LogoConfig;
}

function publicOrganisation(org: ConfigFields<'ORG_CONFIG'>): BrandOrganisation {
  return {
    organisation_name: org.organisation_name,
    support_email: org.support_email,
    support_phone: org.support_phone,
    website: org.website,
    terms_url: org.terms_url,
    privacy_url: org.privacy_url,
    twitter_url: org.twitter_url,
    telegram_url: org.telegram_url,
    youtube_url: org.youtube_url,
    instagram_url: org.instagram_url,
  };
}

/**
 * A franchise's brand as every screen shows it, before login too: each LOGO_CONFIG slot's image URL,
 * the product name (the platform's when none is set) and ORG_CONFIG's public fields (address and GSTIN
 * stay with the signed-in screens and the mails).
 */
export async function readBrand(frchId: number): Promise<Brand> {
  const [uploads, logo, org] = await Promise.all([readWhiteLabelImages(frchId), readConfigFields(frchId, 'LOGO_CONFIG'), readConfigFields(frchId, 'ORG_CONFIG')]);
  const slots = logo ?? slotsBeforeFirstSave(uploads);
  const images = Object.fromEntries(LOGO_SLOTS.map((slot) => [slot, slots[slot] === '' ? null : uploads[slots[slot]]])) as WhiteLabelImages;
  return {
    ...images,
    product_name: slots.product_name || DEFAULT_PRODUCT_NAME,
    organisation: org ? publicOrganisation(org) : null,
  };
}
