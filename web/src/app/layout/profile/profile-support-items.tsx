import { Divider, MenuItem } from '@aws-amplify/ui-react';
import { useBrand } from '@/entities/brand/api/use-brand';
import { opensNewTab, socialLinks, supportLinks } from '@/entities/brand/brand-links';

/** The organisation's support contacts, terms, privacy and social pages as menu entries (none until its details are saved). */
export function ProfileSupportItems() {
  const { data: brand } = useBrand();
  const links = [...supportLinks(brand?.organisation), ...socialLinks(brand?.organisation)];
  if (links.length === 0) return null;
  return (
    <>
      <Divider size="small" />
      {links.map((link) => (
        <MenuItem key={link.href} as="a" href={link.href} {...(opensNewTab(link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {link.label}
        </MenuItem>
      ))}
      <Divider size="small" />
    </>
  );
}
