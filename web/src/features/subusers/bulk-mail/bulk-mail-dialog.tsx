import { Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { BulkMailComposer } from './bulk-mail-composer';
import { BulkMailProgress } from './bulk-mail-progress';
import { RecentMailings } from './recent-mailings';

interface BulkMailDialogProps {
  selectedIds: number[];
  total: number;
  onClose: () => void;
}

/** Write and send a mailing, then watch it go out; recent mailings can be opened to see their outcome. */
export function BulkMailDialog({ selectedIds, total, onClose }: BulkMailDialogProps) {
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <ModalDialog title={jobId ? 'Mailing progress' : 'Mail your sub-users'} onClose={onClose}>
      {jobId ? (
        <Flex direction="column" gap="medium">
          <BulkMailProgress jobId={jobId} />
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={() => setJobId(null)}>Write another mail</Button>
            <Button variation="primary" onClick={onClose}>
              Close
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex direction="column" gap="large">
          <BulkMailComposer selectedIds={selectedIds} total={total} onQueued={setJobId} onCancel={onClose} />
          <RecentMailings onOpen={setJobId} />
        </Flex>
      )}
    </ModalDialog>
  );
}
