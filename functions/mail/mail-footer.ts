import type * as z from 'zod';
import type { orgConfigGroup } from '../../shared/contracts/config-groups/org-config';

type OrgFields = z.infer<typeof orgConfigGroup.fields>;

/**
 * The footer a franchise's mails end with, from its ORG_CONFIG: the organisation's name, then its support
 * email and phone and its website when set. No ORG_CONFIG → no footer.
 */
export function mailFooter(org: Pick<OrgFields, 'organisation_name' | 'support_email' | 'support_phone' | 'website'> | null): string {
  if (!org) return '';
  const support = [org.support_email, org.support_phone].filter(Boolean).join(' · ');
  return ['-- ', org.organisation_name, support && `Support: ${support}`, org.website].filter(Boolean).join('\n');
}

/** The mail's text with the footer after a blank line (unchanged without one). */
export function withFooter(text: string, footer: string): string {
  return footer ? `${text.trimEnd()}\n\n${footer}\n` : text;
}
