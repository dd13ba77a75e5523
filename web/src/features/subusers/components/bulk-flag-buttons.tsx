import { Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { BULK_FLAGS, useBulkFlags, type BulkFlag, type BulkFlagChange } from '../api/use-bulk-flags';

const BUTTONS: readonly { flag: BulkFlag; allowed: boolean }[] = [
  { flag: 'demat', allowed: true },
  { flag: 'demat', allowed: false },
  { flag: 'purchaseIp', allowed: true },
  { flag: 'purchaseIp', allowed: false },
];

const actionText = (flag: BulkFlag, allowed: boolean) => `${allowed ? 'Allow' : 'Disallow'} ${BULK_FLAGS[flag].label}`;

// With nothing ticked the call changes every user the caller manages, whatever the search shows.
const whoText = (selected: number) => (selected > 0 ? `the ${selected.toLocaleString('en-IN')} selected ${selected === 1 ? 'user' : 'users'}` : 'all your users');

interface BulkFlagButtonsProps {
  selectedIds: readonly number[];
  total: number;
  /** After a change the selection is cleared, so the next action is chosen afresh. */
  onDone: () => void;
}

/**
 * Allow or disallow demat and static-IP purchase for the ticked sub-users, or for all of them when none
 * is ticked; each asks first and says how many it will change.
 */
export function BulkFlagButtons({ selectedIds, total, onDone }: BulkFlagButtonsProps) {
  const bulk = useBulkFlags();
  const toast = useToast();
  const [asked, setAsked] = useState<BulkFlagChange | null>(null);

  const confirm = (change: BulkFlagChange) =>
    bulk.mutate(change, {
      onSuccess: ({ updated }) => {
        toast.success(`${actionText(change.flag, change.allowed)}: ${updated.toLocaleString('en-IN')} ${updated === 1 ? 'user' : 'users'} changed.`);
        setAsked(null);
        onDone();
      },
    });

  return (
    <Flex gap="xs" wrap="wrap" role="group" aria-label="Permissions for many users">
      {BUTTONS.map(({ flag, allowed }) => (
        <Button
          key={`${flag}-${String(allowed)}`}
          size="small"
          isDisabled={total === 0}
          onClick={() => {
            bulk.reset();
            setAsked({ flag, allowed, subUserIds: [...selectedIds] });
          }}
        >
          {actionText(flag, allowed)}
        </Button>
      ))}
      {asked ? (
        <ConfirmActionDialog
          title={actionText(asked.flag, asked.allowed)}
          text={`${actionText(asked.flag, asked.allowed)} for ${whoText(asked.subUserIds.length)}?`}
          confirmLabel={actionText(asked.flag, asked.allowed)}
          pendingLabel="Saving…"
          variation={asked.allowed ? 'primary' : 'destructive'}
          onConfirm={() => confirm(asked)}
          onClose={() => setAsked(null)}
          isPending={bulk.isPending}
          error={bulk.error}
        />
      ) : null}
    </Flex>
  );
}
