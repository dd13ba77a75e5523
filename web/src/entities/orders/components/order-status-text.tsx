import { Text } from '@aws-amplify/ui-react';
import type { Order } from '@shared/contracts/orders';
import { STATUS_LABELS } from '../order-labels';

/** An order's status in its colour, whole, with the broker's reason wrapped under it where it gave one. */
export function OrderStatusText({ order }: { order: Pick<Order, 'status' | 'reason'> }) {
  return (
    <>
      <span className={`order-status order-status--${order.status}`}>{STATUS_LABELS[order.status]}</span>
      {order.reason ? (
        <Text as="span" variation="secondary" fontSize="small" display="block" className="order-status__reason">
          {order.reason}
        </Text>
      ) : null}
    </>
  );
}
