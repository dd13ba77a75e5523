import { Heading } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router-dom';
import { APP_VERSION } from '../../../../shared/domain/constants';
import { NAV_ITEMS } from './nav-items';

interface SidebarProps {
  isOpen: boolean;
  onNavigate: () => void;
}

export function Sidebar({ isOpen, onNavigate }: SidebarProps) {
  return (
    <aside id="app-sidebar" className="sidebar" data-open={isOpen} aria-hidden={!isOpen} inert={!isOpen}>
      <Heading level={2} className="sidebar__heading">
        <span className="sidebar__brand">TradeBridge</span>
        <span className="sidebar__version">{APP_VERSION}</span>
      </Heading>
      <nav aria-label="Main">
        <ul className="sidebar__list">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="sidebar__link" onClick={onNavigate}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
