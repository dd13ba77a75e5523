import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatTime } from '@/lib/format/date-time';
import { useAccountOrderBook } from '../api/use-account-order-book';
import { OrderBookTable, type OrderBookRowTools } from './order-book-table';

/** Today's order book of the account, with the actions on open orders. */
export function OrderBookSection({ brokerId, tools }: { brokerId: string; tools: OrderBookRowTools }) {
  const book = useAccountOrderBook(brokerId);
  const orders = book.data?.orders ?? [];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="order-book-heading" className="live-section">
      <Flex justifyContent="space-between" alignItems="baseline" gap="small" wrap="wrap">
        <Heading level={3} id="order-book-heading">
          Order book
        </Heading>
        {book.data ? (
          <Text variation="secondary" fontSize="small">
            Read at {formatTime(book.data.read_at)}
          </Text>
        ) : null}
      </Flex>
      {book.isPending ? <LoadingState label="Reading the order book from the broker…" /> : null}
      {book.isError && !book.data ? <ErrorState message={book.error.message} onRetry={() => void book.refetch()} /> : null}
      {book.data && orders.length === 0 ? (
        <Text variation="secondary">No orders today on this account. Use Place order above to send one.</Text>
      ) : null}
      {orders.length > 0 ? <OrderBookTable orders={orders} tools={tools} /> : null}
    </Flex>
  );
}
