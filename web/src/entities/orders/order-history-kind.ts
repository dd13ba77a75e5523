import { orderHistoryContracts } from '@shared/contracts/orders';
import { ORDER_ORIGINS } from '@shared/domain/ranges';
import { paths } from '@/config/paths';

export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** The two tabs of Order History (spec §2): each is its own route and its own history call. */
export type OrderHistoryKind = 'individual' | 'group';

interface OrderHistoryTab {
  label: string;
  /** The heading of the tab's own route (/orderhistory itself says 'Order History'). */
  title: string;
  path: string;
  contract: typeof orderHistoryContracts.getIndividualOrderHistory;
  /** The origins a user may filter by: the group tab only holds copy-trading orders. */
  origins: readonly OrderOrigin[];
  csvBase: string;
  /** Said after "No … between X and Y." when the range holds nothing. */
  emptyNote: string;
  emptyNoun: string;
}

export const ORDER_HISTORY_TABS: Readonly<Record<OrderHistoryKind, OrderHistoryTab>> = {
  individual: {
    label: 'Individual',
    title: 'Individual order history',
    path: paths.orderHistoryIndividual,
    contract: orderHistoryContracts.getIndividualOrderHistory,
    origins: ORDER_ORIGINS.filter((origin) => origin !== 'copytrading'),
    csvBase: 'order-history-individual',
    emptyNoun: 'orders',
    emptyNote: 'Orders you place on your broker accounts, from the watch list, bridges or the API, appear here.',
  },
  group: {
    label: 'Group',
    title: 'Group order history',
    path: paths.orderHistoryGroup,
    contract: orderHistoryContracts.getGroupOrderHistory,
    origins: [],
    csvBase: 'order-history-group',
    emptyNoun: 'group orders',
    emptyNote: "Orders placed on your groups (Group menu) show here, each group order with every account's part.",
  },
};

export const ORDER_HISTORY_KINDS: readonly OrderHistoryKind[] = ['individual', 'group'];
