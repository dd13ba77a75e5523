import { Heading } from '@aws-amplify/ui-react';
import { APP_VERSION } from '@shared/domain/constants';
import { useGateJudge } from '@/app/access/use-access';
import { BrandMark } from '@/entities/brand/components/brand-mark';
import { NAV_TABLE } from './nav-table';
import { SidebarLink } from './sidebar-link';
import { SidebarMenu } from './sidebar-menu';
import { visibleNav } from './visible-nav';

interface SidebarProps {
  isOpen: boolean;
  onNavigate: () => void;
}

/** Heading with the host's brand and the version, then the entries of NAV_TABLE the user may see (spec §2). */
export function Sidebar({ isOpen, onNavigate }: SidebarProps) {
  const entries = visibleNav(NAV_TABLE, useGateJudge());
  return (
    <aside id="app-sidebar" className="sidebar" data-open={isOpen} aria-hidden={!isOpen} inert={!isOpen}>
      <Heading level={2} className="sidebar__heading">
        <BrandMark className="sidebar__brand" />
        <span className="sidebar__version">{APP_VERSION}</span>
      </Heading>
      <nav aria-label="Main" className="sidebar__nav">
        <ul className="sidebar__list">
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <SidebarLink key={`${entry.label}-${entry.to}`} entry={entry} onNavigate={onNavigate} />
            ) : (
              <SidebarMenu key={entry.id} entry={entry} onNavigate={onNavigate} />
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
}
