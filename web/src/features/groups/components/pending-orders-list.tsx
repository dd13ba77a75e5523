import { Flex } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { LinkedOrder } from '@shared/contracts/orders';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import type { AccountNamer } from '@/entities/orders/account-names';
import { GroupOrderBreakdown } from '@/entities/orders/components/group-order-breakdown';
import { wholeScopeOf } from '../change-scope';
import { PendingOrderActions } from './pending-order-actions';

interface PendingOrdersListProps {
  orders: readonly LinkedOrder[];
  accountName: AccountNamer;
  groupName?: ((grpId: string) => string) | undefined;
  dialogs: DialogSlot;
  /** The list page links each group order to its own page; that page does not link to itself. */
  linkGroupOrders: boolean;
}

/** Group orders with their accounts' orders; what is still pending can be changed one account at a time or all at once. */
export function PendingOrdersList({ orders, accountName, groupName, dialogs, linkGroupOrders }: PendingOrdersListProps) {
  return (
    <GroupOrderBreakdown
      orders={orders}
      accountName={accountName}
      groupName={groupName}
      caption="Newest first; “all” acts on the whole group order"
      orderActions={(order) => (order.status === 'pending' ? <PendingOrderActions scope={{ kind: 'one', order }} accountName={accountName} dialogs={dialogs} /> : null)}
      setActions={(set) => {
        const whole = wholeScopeOf(set.orders);
        return (
          <Flex gap="small" alignItems="center" wrap="wrap">
            {whole ? <PendingOrderActions scope={whole} accountName={accountName} dialogs={dialogs} /> : null}
            {linkGroupOrders && set.groupOrderId ? <Link to={pathTo(paths.pendingOrder, { order_id: set.groupOrderId })}>Open</Link> : null}
          </Flex>
        );
      }}
    />
  );
}
