import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderDetails, OrderEvent } from '@shared/contracts/orders';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { formatPrice, ORIGIN_LABELS, STATUS_LABELS } from '@/entities/orders/order-labels';
import { formatDateTime } from '@/lib/format/date-time';
import { useOrderDetails } from '../api/use-order-details';
import '@/entities/orders/order-tables.css';
import '../orders.css';

/** Order Details (spec §2 /orderdetails?order_id=…): the order's fields and its status timeline. */
export function OrderDetailsPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order_id')?.trim() ?? '';
  return (
    <Flex direction="column" gap="large" className="order-details">
      <Heading level={2}>Order Details</Heading>
      {orderId ? (
        <OrderDetailsSection orderId={orderId} />
      ) : (
        <Text>
          No order chosen. Open one from <Link to={paths.orderHistory}>Order History</Link> to see its details and status
          timeline.
        </Text>
      )}
    </Flex>
  );
}

function OrderDetailsSection({ orderId }: { orderId: string }) {
  const details = useOrderDetails(orderId);
  if (details.isPending) return <LoadingState label="Loading the order…" />;
  if (details.isError) return <ErrorState message={details.error.message} onRetry={() => void details.refetch()} />;
  return (
    <>
      <OrderFields order={details.data} />
      <OrderTimeline events={details.data.timeline} />
      <Text>
        <Link to={paths.orderHistory}>Back to Order History</Link>
      </Text>
    </>
  );
}

const orNone = (value: string | null): string => (value === null || value === '' ? '—' : value);

function orderFields(order: OrderDetails): readonly [string, string][] {
  return [
    ['Symbol', order.trading_symbol],
    ['Exchange', order.exchange],
    ['Side', order.transaction_type],
    ['Type', order.order_type],
    ['Product', order.product],
    ['Quantity', String(order.quantity)],
    ['Filled quantity', String(order.filled_quantity)],
    ['Price', formatPrice(order.price)],
    ['Trigger price', formatPrice(order.trigger_price)],
    ['Average price', formatPrice(order.average_price)],
    ['Status', STATUS_LABELS[order.status]],
    ["Broker's reason", orNone(order.reason)],
    ['Origin', ORIGIN_LABELS[order.origin]],
    ['Broker', order.broker],
    ['Broker order id', orNone(order.broker_order_id)],
    ['Order id', order.order_id],
    ['Tag', orNone(order.tag)],
    ['Placed', formatDateTime(order.create_time)],
    ['Last update', formatDateTime(order.update_time)],
  ];
}

function OrderFields({ order }: { order: OrderDetails }) {
  return (
    <section aria-label="Order">
      <dl>
        {orderFields(order).map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The order's life, oldest first, times in Asia/Kolkata. */
function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  return (
    <section aria-labelledby="order-timeline-heading">
      <Heading level={3} id="order-timeline-heading">
        Status timeline
      </Heading>
      {events.length === 0 ? (
        <Text variation="secondary">No status changes recorded yet.</Text>
      ) : (
        <ol aria-label="Status timeline">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              {formatDateTime(event.at)} · {STATUS_LABELS[event.status]} ({event.submission.toLowerCase()})
              {event.note ? ` — ${event.note}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
