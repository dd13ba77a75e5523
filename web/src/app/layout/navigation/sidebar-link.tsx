import { NavLink } from 'react-router-dom';
import { SvgIcon } from '@/components/svg-icon';
import { NAV_ICONS } from './nav-icons';
import type { NavLinkEntry } from './nav-table';

export function SidebarLink({ entry, onNavigate }: { entry: NavLinkEntry; onNavigate: () => void }) {
  return (
    <li>
      <NavLink to={entry.to} className="sidebar__link" onClick={onNavigate}>
        {entry.icon ? <SvgIcon path={NAV_ICONS[entry.icon]} className="sidebar__icon" /> : null}
        <span>{entry.label}</span>
      </NavLink>
    </li>
  );
}
