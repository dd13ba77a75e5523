import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { FranchisePayment } from '@shared/contracts/franchise-money';
import { useToast } from '@/components/toast/use-toast';
import { formatMoneyExact } from '@/lib/format/money';
import { RefundPaymentDialog } from './refund-payment-dialog';

/** Only a credited PhonePe payment can be refunded (or have refunds to look at). */
export const isRefundable = (row: FranchisePayment) => row.method === 'PHONEPE' && row.status === 'completed';

/** The Payments table's action for a credited PhonePe payment: Refund (or its refunds, once it has some). */
export function PaymentRefundAction({ row }: { row: FranchisePayment }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  if (!isRefundable(row)) return null;
  const label = row.refunded_paise >= row.amount_paise ? 'Refunds' : 'Refund';
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`${label} for payment ${row.reference}`}>
        {label}
      </Button>
      {open ? (
        <RefundPaymentDialog
          payment={row}
          onClose={() => setOpen(false)}
          onDone={(refund) => {
            toast.success(`${formatMoneyExact(refund.amount)}: ${refund.state_text}.`);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
