import { Link } from '@aws-amplify/ui-react';
import { opensNewTab, type BrandLink } from '../brand-links';
import './brand.css';

/** A row of the organisation's links (support, legal, social); nothing when it has none. */
export function BrandLinksList({ links, label }: { links: readonly BrandLink[]; label: string }) {
  if (links.length === 0) return null;
  return (
    <ul className="brand-links" aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} {...(opensNewTab(link) ? { isExternal: true } : {})}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
