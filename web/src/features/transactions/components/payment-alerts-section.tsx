import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { z } from 'zod';
import type { paymentAlertSchema } from '@shared/contracts/payments';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format/date-time';
import { usePaymentAlerts } from '../api/use-payment-alerts';

type PaymentAlert = z.infer<typeof paymentAlertSchema>;

const COLUMNS: readonly TableColumn<PaymentAlert>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (alert) => formatDateTime(alert.create_time) },
  { header: 'What happened', key: 'message', card: 'title', wrap: true, cell: (alert) => alert.message },
  { header: 'User', key: 'user', cell: (alert) => (alert.user_id === null ? '' : `User ${alert.user_id}`) },
  { header: 'PhonePe order', key: 'order', priority: 'low', wrap: true, cell: (alert) => alert.merchant_order_id ?? '' },
];

/** PhonePe events to look at: refused callbacks, amounts reported differently, payments never confirmed. */
export function PaymentAlertsSection() {
  const alerts = usePaymentAlerts();
  const rows = alerts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card as="section" variation="outlined" aria-label="PhonePe alerts">
      <Flex direction="column" gap="medium">
        <Heading level={3}>PhonePe alerts</Heading>
        {alerts.isPending ? <LoadingState label="Loading PhonePe alerts…" /> : null}
        {alerts.isError ? <ErrorState message={alerts.error.message} onRetry={() => void alerts.refetch()} /> : null}
        {alerts.isSuccess && rows.length === 0 ? <Text variation="secondary">Nothing to look at: PhonePe payments are going through as expected.</Text> : null}
        {rows.length > 0 ? <ColumnTable className="payment-alerts-table" caption="PhonePe alerts, times in Asia/Kolkata" columns={COLUMNS} rows={rows} rowKey={(alert) => alert.id} rowName={(alert) => alert.message} /> : null}
        {alerts.hasNextPage ? (
          <Flex justifyContent="center">
            <Button onClick={() => void alerts.fetchNextPage()} isLoading={alerts.isFetchingNextPage} loadingText="Loading…" isDisabled={alerts.isFetchingNextPage}>
              Load more
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
