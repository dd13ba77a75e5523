import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { paymentIdField, PAYMENT_STATE_LABELS } from '@shared/contracts/payments';
import { errorText } from '@/lib/error-text';
import { formatMoneyExact } from '@/lib/format/money';
import { usePaymentStatus } from '../api/use-payment-status';

const VARIATION = { pending: 'info', completed: 'success', failed: 'error', expired: 'warning', review: 'warning' } as const;

/**
 * After PhonePe sends the browser back (`/wallet?payment=<id>`): the payment's state, asked again while
 * it is pending. The wallet is credited by the server once PhonePe confirms, never by this page.
 */
export function PaymentReturnBanner({ paymentParam, onDismiss }: { paymentParam: string; onDismiss: () => void }) {
  const paymentId = paymentIdField.safeParse(paymentParam).success ? paymentParam : null;
  const status = usePaymentStatus(paymentId);
  const dismiss = (
    <Button size="small" variation="link" onClick={onDismiss}>
      Close
    </Button>
  );
  if (paymentId === null) {
    return (
      <Alert variation="warning" role="status">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Text>This link does not name a payment of yours.</Text>
          {dismiss}
        </Flex>
      </Alert>
    );
  }
  if (status.isError) {
    return (
      <Alert variation="error" role="alert">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Text>The payment&apos;s state could not be read: {errorText(status.error)}</Text>
          <Button size="small" onClick={() => void status.refetch()}>
            Try again
          </Button>
          {dismiss}
        </Flex>
      </Alert>
    );
  }
  const payment = status.data;
  const state = payment?.state ?? 'pending';
  const amount = payment ? ` of ${formatMoneyExact(payment.amount)}` : '';
  const detail =
    state === 'pending'
      ? 'Waiting for PhonePe to confirm; this updates by itself.'
      : state === 'completed'
        ? 'Your wallet has been credited.'
        : (payment?.failure_reason ?? 'Nothing was credited.');
  return (
    <Alert variation={VARIATION[state]} role="status" aria-label="Payment result">
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Text fontWeight="bold">
          {PAYMENT_STATE_LABELS[state]}
          {amount}
        </Text>
        <Text>{detail}</Text>
        {state === 'pending' ? null : dismiss}
      </Flex>
    </Alert>
  );
}
