import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SUBMENU_ANIMATION_MS } from '@shared/domain/constants';
import { SvgIcon } from '@/components/svg-icon';
import { NAV_ICONS } from './nav-icons';
import type { NavMenuEntry } from './nav-table';
import { SidebarLink } from './sidebar-link';
import { useSubmenuExpansion } from './use-submenu-expansion';
import { isPathUnderAny } from './visible-nav';

const CHEVRON = 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6 1.41-1.41z';

/**
 * A menu with sub-items (spec §2): the first click opens its first visible item, later clicks fold and
 * unfold it; it opens by itself when the current path is under it, animated over SUBMENU_ANIMATION_MS.
 */
export function SidebarMenu({ entry, onNavigate }: { entry: NavMenuEntry; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isUnderMenu = isPathUnderAny(pathname, entry.under);
  const { isExpanded, toggle } = useSubmenuExpansion(isUnderMenu);
  const itemsId = useId();
  const firstItem = entry.items[0];

  const onClick = () => {
    if (isUnderMenu || !firstItem) {
      toggle();
      return;
    }
    navigate(firstItem.to);
    onNavigate();
  };

  return (
    <li className="sidebar__menu" data-active={isUnderMenu}>
      <button type="button" className="sidebar__link sidebar__menu-button" aria-expanded={isExpanded} aria-controls={itemsId} onClick={onClick}>
        <SvgIcon path={NAV_ICONS[entry.icon]} className="sidebar__icon" />
        <span>{entry.label}</span>
        <SvgIcon path={CHEVRON} className="sidebar__chevron" />
      </button>
      <div
        id={itemsId}
        className="sidebar__submenu"
        data-expanded={isExpanded}
        aria-hidden={!isExpanded}
        inert={!isExpanded}
        style={{ transitionDuration: `${SUBMENU_ANIMATION_MS}ms` }}
      >
        <ul className="sidebar__sublist">
          {entry.items.map((item) => (
            <SidebarLink key={item.to} entry={item} onNavigate={onNavigate} />
          ))}
        </ul>
      </div>
    </li>
  );
}
