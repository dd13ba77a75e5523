import { Flex, Heading } from '@aws-amplify/ui-react';
import type { ComponentType } from 'react';
import { ORDER_HISTORY_TABS, type OrderHistoryKind } from '@/entities/orders/order-history-kind';
import { GroupHistory } from '../components/group-history';
import { IndividualHistory } from '../components/individual-history';
import { OrderHistoryTabs } from '../components/order-history-tabs';
import '@/entities/orders/order-tables.css';
import '../orders.css';

/** Each tab's list: the Individual tab one row per order, the Group tab per group order with each account's part. */
const TAB_BODIES: Readonly<Record<OrderHistoryKind, ComponentType>> = { individual: IndividualHistory, group: GroupHistory };

/**
 * Order History (spec §2 /orderhistory): the Individual and Group tabs are the two sub-routes, and
 * /orderhistory itself (titled 'Order History') opens Individual.
 */
export function OrderHistoryPage({ kind, title }: { kind: OrderHistoryKind; title?: string }) {
  const TabBody = TAB_BODIES[kind];
  return (
    <Flex direction="column" gap="large" className="order-history-page">
      <Heading level={2}>{title ?? ORDER_HISTORY_TABS[kind].title}</Heading>
      <OrderHistoryTabs current={kind} />
      {/* Each tab starts on its own filters (the group tab has no origins to choose). */}
      <TabBody key={kind} />
    </Flex>
  );
}
