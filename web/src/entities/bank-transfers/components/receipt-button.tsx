import { Button, Flex, Image } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useReceiptImage, type ReceiptReader } from '../api/use-receipt-image';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

function ReceiptDialog({ reader, transfer, onClose }: { reader: ReceiptReader; transfer: BankTransferView; onClose: () => void }) {
  const receipt = useReceiptImage(reader, transfer);
  const source = receipt.data ? `data:${receipt.data.content_type};base64,${receipt.data.image_base64}` : null;
  return (
    <ModalDialog title={`Receipt for UTR ${transfer.utr}`} onClose={onClose}>
      <Flex direction="column" gap="medium">
        {receipt.isPending ? <LoadingState label="Loading the receipt…" /> : null}
        {receipt.isError ? <ErrorState message={receipt.error.message} onRetry={() => void receipt.refetch()} /> : null}
        {source && receipt.data ? (
          <>
            <Image src={source} alt={`Receipt for UTR ${transfer.utr}`} maxWidth="100%" maxHeight="70vh" objectFit="contain" />
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <a href={source} download={`receipt-${transfer.utr}.${EXTENSIONS[receipt.data.content_type]}`}>
                Download
              </a>
            </Flex>
          </>
        ) : null}
        <Flex justifyContent="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}

/** "Receipt" on a claim that has one: opens the image (read through the API, never a public link) in a dialog. */
export function ReceiptButton({ reader, transfer }: { reader: ReceiptReader; transfer: BankTransferView }) {
  const [open, setOpen] = useState(false);
  if (!transfer.receipt) return null;
  return (
    <>
      <Button size="small" variation="link" onClick={() => setOpen(true)} aria-label={`Receipt for UTR ${transfer.utr}`}>
        Receipt
      </Button>
      {open ? <ReceiptDialog reader={reader} transfer={transfer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
