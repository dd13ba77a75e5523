import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAlerts } from '@/entities/alerts/use-alerts';
import { PageLoader } from '../page-loader';
import { Sidebar } from './navigation/sidebar';
import { TopBar } from './top-bar';
import { useSidebarState } from './use-sidebar-state';

/** The signed-in layout: sidebar, top bar and the current screen (spec §2, "Layout"), and the alerts while they are on. */
export function AppShell() {
  const sidebar = useSidebarState();
  useAlerts();
  return (
    <div className="app-shell" data-sidebar-open={sidebar.isOpen}>
      <Sidebar isOpen={sidebar.isOpen} onNavigate={sidebar.closeOnNarrowScreen} />
      <div className="app-shell__backdrop" aria-hidden="true" onClick={sidebar.close} />
      <div className="app-shell__main">
        <TopBar isSidebarOpen={sidebar.isOpen} onToggleSidebar={sidebar.toggle} />
        <main className="app-shell__content">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
