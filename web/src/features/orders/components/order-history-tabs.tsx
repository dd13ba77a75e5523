import { Link } from 'react-router-dom';
import { ORDER_HISTORY_KINDS, ORDER_HISTORY_TABS, type OrderHistoryKind } from '@/entities/orders/order-history-kind';

/** Individual and Group: each tab is its own route, so the current one is a link marked current. */
export function OrderHistoryTabs({ current }: { current: OrderHistoryKind }) {
  return (
    <nav aria-label="Order history tabs" className="orders-tabs">
      {ORDER_HISTORY_KINDS.map((kind) => (
        <Link
          key={kind}
          to={ORDER_HISTORY_TABS[kind].path}
          className="orders-tabs__tab"
          aria-current={kind === current ? 'page' : undefined}
        >
          {ORDER_HISTORY_TABS[kind].label}
        </Link>
      ))}
    </nav>
  );
}
