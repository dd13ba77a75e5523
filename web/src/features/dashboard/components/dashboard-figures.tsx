import { Grid } from '@aws-amplify/ui-react';
import type { Dashboard } from '@shared/contracts/user';
import { ORDER_STATUSES } from '@shared/domain/states';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { formatCount } from '@/lib/format/number';
import { brokerAccountsTotal, FIGURE_NOTES, ordersToday } from '../figure-notes';
import { BROKER_STATUS_STYLES, ORDER_STATUS_STYLES, SHOWN_BROKER_STATUSES } from '../status-tables';
import { FigureCard } from './figure-card';
import { StatusBarChart } from './status-bar-chart';

/** The counts behind the day, one card each, each linking to the page it comes from. */
export function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const orderBars = ORDER_STATUSES.map((status) => ({
    key: status,
    count: dashboard.orders_today[status],
    style: ORDER_STATUS_STYLES[status],
  }));
  const accountBars = SHOWN_BROKER_STATUSES.map((status) => ({
    key: status,
    count: dashboard.broker_accounts[status],
    style: BROKER_STATUS_STYLES[status],
  }));
  return (
    <Grid className="dashboard-figures" gap="medium">
      <FigureCard
        title="Open positions"
        figure={formatCount(dashboard.open_positions)}
        note={FIGURE_NOTES.openPositions(dashboard)}
        links={[
          { to: paths.demat, label: 'Positions by account' },
          { to: paths.orderManager, label: 'Order manager' },
        ]}
      />
      <FigureCard
        title="Today's orders"
        figure={formatCount(ordersToday(dashboard))}
        note={FIGURE_NOTES.ordersToday(dashboard)}
        links={[{ to: paths.orderHistory, label: 'Order history' }]}
      >
        {ordersToday(dashboard) > 0 ? <StatusBarChart title="Today's orders by status" bars={orderBars} /> : null}
      </FigureCard>
      <FigureCard
        title="Broker accounts"
        figure={formatCount(dashboard.broker_accounts.connected)}
        note={FIGURE_NOTES.brokerAccounts(dashboard)}
        links={[{ to: paths.demat, label: 'Manage broker accounts' }]}
      >
        {brokerAccountsTotal(dashboard) > 0 ? <StatusBarChart title="Broker accounts by status" bars={accountBars} /> : null}
      </FigureCard>
      <FigureCard
        title="Credit"
        figure={formatMoney(dashboard.current_credit)}
        note={FIGURE_NOTES.credit(dashboard)}
        links={[{ to: paths.wallet, label: 'Open wallet' }]}
      />
      <FigureCard
        title="Unread notifications"
        figure={formatCount(dashboard.unread_notifications)}
        note={FIGURE_NOTES.unreadNotifications(dashboard)}
        links={[{ to: paths.notifications, label: 'See notifications' }]}
      />
    </Grid>
  );
}
