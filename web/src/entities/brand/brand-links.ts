import type { BrandOrganisation } from '@shared/contracts/brand';

export interface BrandLink {
  readonly label: string;
  readonly href: string;
}

const present = (links: readonly (BrandLink | false)[]): BrandLink[] => links.filter((link): link is BrandLink => link !== false && link.href !== '');

/** How to reach the organisation behind the host: support mail and phone, website, terms and privacy (only those it set). */
export function supportLinks(org: BrandOrganisation | null | undefined): BrandLink[] {
  if (!org) return [];
  return present([
    org.support_email !== '' && { label: `Email support: ${org.support_email}`, href: `mailto:${org.support_email}` },
    org.support_phone !== '' && { label: `Call support: ${org.support_phone}`, href: `tel:${org.support_phone.replace(/[\s-]/g, '')}` },
    { label: 'Website', href: org.website },
    { label: 'Terms and conditions', href: org.terms_url },
    { label: 'Privacy policy', href: org.privacy_url },
  ]);
}

/** The organisation's social pages (only those it set). */
export function socialLinks(org: BrandOrganisation | null | undefined): BrandLink[] {
  if (!org) return [];
  return present([
    { label: 'X (Twitter)', href: org.twitter_url },
    { label: 'Telegram', href: org.telegram_url },
    { label: 'YouTube', href: org.youtube_url },
    { label: 'Instagram', href: org.instagram_url },
  ]);
}

/** Web pages open in a new tab; mail and phone links go to the device's own app. */
export const opensNewTab = (link: BrandLink): boolean => /^https?:/.test(link.href);
