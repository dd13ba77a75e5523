import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAlerts } from '@/entities/alerts/use-alerts';
import { useOrderNews } from '@/entities/orders/api/use-order-news';
import { RealtimeChannelProvider } from '@/entities/realtime/realtime-channel';
import { PageLoader } from '../page-loader';
import { Sidebar } from './navigation/sidebar';
import { TopBar } from './top-bar';
import { useSidebarState } from './use-sidebar-state';
import { useWalletNews } from './use-wallet-news';

/** What the signed-in page does with the realtime channel: alerts (while they are on), the wallet's balance and orders' statuses. */
function RealtimeListeners() {
  useAlerts();
  useWalletNews();
  useOrderNews();
  return null;
}

/**
 * The signed-in layout: sidebar, top bar and the current screen (spec §2, "Layout"), with the realtime
 * channel open all the while (the credit badge follows the wallet; alerts sound while they are on).
 */
export function AppShell() {
  const sidebar = useSidebarState();
  return (
    <RealtimeChannelProvider>
      <RealtimeListeners />
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
    </RealtimeChannelProvider>
  );
}
