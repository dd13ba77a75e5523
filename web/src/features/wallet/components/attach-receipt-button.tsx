import { Button } from '@aws-amplify/ui-react';
import { useRef, type ChangeEvent } from 'react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { useToast } from '@/components/toast/use-toast';
import { RECEIPT_ACCEPT, RECEIPT_PART } from '@/entities/bank-transfers/receipt-part';
import { errorText } from '@/lib/error-text';
import { filePartProblem } from '@/lib/file-part-check';
import { useAttachReceipt } from '../api/use-add-credit';

/**
 * "Attach receipt" on a pending claim sent without one (or whose receipt failed to upload): picks an
 * image, checks it as the claim form does, and uploads it.
 */
export function AttachReceiptButton({ transfer }: { transfer: BankTransferView }) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachReceipt();
  const toast = useToast();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = filePartProblem(RECEIPT_PART, file);
    if (problem) {
      toast.error(problem);
      return;
    }
    attach.mutate(
      { transferId: transfer.transfer_id, receipt: file },
      { onSuccess: () => toast.success('Receipt attached.'), onError: (error) => toast.error(errorText(error)) },
    );
  };

  return (
    <>
      <input ref={input} type="file" accept={RECEIPT_ACCEPT} onChange={choose} hidden aria-label={`Receipt image for UTR ${transfer.utr}`} />
      <Button size="small" onClick={() => input.current?.click()} isLoading={attach.isPending} loadingText="Attaching…" isDisabled={attach.isPending}>
        Attach receipt
      </Button>
    </>
  );
}
