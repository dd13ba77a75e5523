import type * as z from 'zod';
import type { orgConfigGroup } from '../../shared/contracts/config-groups/org-config';
import { escapeHtml } from '../../shared/domain/simple-markdown';

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

/** The HTML part with the footer, escaped, in a paragraph before `</body>` (unchanged without one). */
export function withHtmlFooter(html: string, footer: string): string {
  if (!footer) return html;
  const paragraph = `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer.trim()).replace(/\n/g, '<br>')}</p>`;
  return html.includes('</body>') ? html.replace('</body>', `${paragraph}</body>`) : `${html}${paragraph}`;
}

/** The mail's text with the footer after a blank line (unchanged without one). */
export function withFooter(text: string, footer: string): string {
  return footer ? `${text.trimEnd()}\n\n${footer}\n` : text;
}
