import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { BulkMailDialog } from './bulk-mail-dialog';

interface BulkMailButtonProps {
  /** The sub-users ticked in the list (empty: the dialog offers all of them only). */
  selectedIds: number[];
  /** How many sub-users the caller has, for "All sub-users (N)". */
  total: number;
}

/** Opens the bulk-mail composer for all sub-users or the selected ones. */
export function BulkMailButton({ selectedIds, total }: BulkMailButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} isDisabled={total === 0}>
        Send mail
      </Button>
      {open ? <BulkMailDialog selectedIds={selectedIds} total={total} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
