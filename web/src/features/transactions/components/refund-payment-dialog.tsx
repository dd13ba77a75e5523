import { Alert, Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { FranchisePayment } from '@shared/contracts/franchise-money';
import { MIN_REFUND_PAISE, type RefundView } from '@shared/contracts/payment-refunds';
import { rupeesFromPaise } from '@shared/domain/money';
import { ModalDialog } from '@/components/modal-dialog';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { checkAmount } from '@/lib/format/rupee-amount';
import { usePaymentRefunds, useRefundPayment } from '../api/use-payment-refunds';

interface RefundPaymentDialogProps {
  payment: FranchisePayment;
  onDone: (refund: RefundView) => void;
  onClose: () => void;
}

function RefundList({ refunds }: { refunds: readonly RefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <Flex as="ul" direction="column" gap="xxs" aria-label="Refunds of this payment" className="refund-list">
      {refunds.map((refund) => (
        <li key={refund.refund_id}>
          <Text as="span">
            {formatDateTime(refund.created_at)} · {formatMoneyExact(refund.amount)} · <strong>{refund.state_text}</strong> · {refund.reason}
            {refund.failure_reason ? ` (${refund.failure_reason})` : ''}
          </Text>
        </li>
      ))}
    </Flex>
  );
}

/**
 * Refunds (part of) a completed PhonePe payment to where it was paid from. Says what happens first — the
 * user's wallet is debited, so credit already spent cannot be refunded — and shows the payment's refunds
 * so far, followed until PhonePe settles them.
 */
export function RefundPaymentDialog({ payment, onDone, onClose }: RefundPaymentDialogProps) {
  const refunds = usePaymentRefunds(payment.id);
  const refund = useRefundPayment(payment.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const refundablePaise = refunds.data?.refundable_paise ?? null;
  const open = refunds.data?.refunds.some((item) => item.state === 'requested' || item.state === 'pending') ?? false;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refundablePaise === null) return;
    const checked = checkAmount(amount, { minPaise: MIN_REFUND_PAISE, maxPaise: refundablePaise });
    const trimmed = reason.trim();
    const next = { ...(checked.error ? { amount: checked.error } : {}), ...(trimmed.length < 3 ? { reason: 'Say why (at least 3 characters).' } : {}) };
    setProblems(next);
    if (checked.paise === null || next.reason) return;
    refund.mutate({ amount: rupeesFromPaise(checked.paise), reason: trimmed }, { onSuccess: onDone });
  };
  const canRefund = refundablePaise !== null && refundablePaise >= MIN_REFUND_PAISE && !open;
  return (
    <ModalDialog title="Refund the PhonePe payment" onClose={onClose} canClose={!refund.isPending}>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="medium">
          <Text>
            Payment {payment.reference} of {formatMoneyExact(payment.amount)} by {payment.user.name || `user ${payment.user.user_id}`}. The refund goes back to where it was paid
            from. The user&apos;s wallet is debited first: credit already spent cannot be refunded.
          </Text>
          {refunds.isError ? <Alert variation="error">{errorText(refunds.error)}</Alert> : null}
          {refunds.data ? <RefundList refunds={refunds.data.refunds} /> : <Text variation="secondary">Loading its refunds…</Text>}
          {refundablePaise !== null ? (
            <Text data-testid="refundable">{refundablePaise > 0 ? `Can still be refunded: ${formatMoneyExact(rupeesFromPaise(refundablePaise))}.` : 'Refunded in full.'}</Text>
          ) : null}
          {open ? <Text variation="warning">A refund is in progress; wait until PhonePe settles it.</Text> : null}
          {canRefund ? (
            <>
              <TextField
                label="Amount to refund (₹)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                hasError={problems.amount !== undefined}
                errorMessage={problems.amount}
                isDisabled={refund.isPending}
              />
              <TextAreaField label="Reason (the user reads it)" name="reason" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} hasError={problems.reason !== undefined} errorMessage={problems.reason} isDisabled={refund.isPending} />
            </>
          ) : null}
          {refund.error ? (
            <Alert variation="error" role="alert">
              {errorText(refund.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small" wrap="wrap">
            <Button onClick={onClose} isDisabled={refund.isPending}>
              Close
            </Button>
            {canRefund ? (
              <Button type="submit" variation="destructive" isLoading={refund.isPending} loadingText="Refunding…" isDisabled={refund.isPending}>
                Refund
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
