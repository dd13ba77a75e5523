import { useState } from 'react';
import { accountNamer } from '@/entities/orders/account-names';
import { OrderTable } from '@/entities/orders/components/order-table';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useSubUserOrders } from '../api/use-sub-user-views';
import { DatedList } from './dated-list';

/** The sub-user's accounts are not the caller's: orders name theirs by broker and id. */
const nameAccount = accountNamer([]);

/** The Orders tab: the sub-user's orders of every origin over a date range (the order pages show the caller's own, so rows do not open). */
export function OrdersTab({ subUserId }: { subUserId: number }) {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const orders = useSubUserOrders(subUserId, range);
  return (
    <DatedList label="Order dates" what="the orders" range={range} onApply={setRange} query={orders} empty={(period) => `No orders between ${period}.`}>
      {(items) => <OrderTable orders={items} accountName={nameAccount} opensDetails={false} />}
    </DatedList>
  );
}
