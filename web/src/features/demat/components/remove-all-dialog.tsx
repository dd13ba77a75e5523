import { Flex, Text } from '@aws-amplify/ui-react';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatCount } from '@/lib/format/number';
import { useRemoveAllAccounts } from '../api/use-remove-all-accounts';

/** Removing every account at once; each refunds the unused part of its plan. */
export function RemoveAllDialog({ accountCount, onClose }: { accountCount: number; onClose: () => void }) {
  const removeAll = useRemoveAllAccounts();
  const toast = useToast();
  const isSubmitting = removeAll.isPending;

  const confirm = () =>
    removeAll.mutate(undefined, {
      onSuccess: ({ removed, refunded_credits }) => {
        toast.success(`${formatCount(removed)} accounts removed; ${formatCount(refunded_credits)} credits refunded.`);
        onClose();
      },
    });

  return (
    <ModalDialog title="Remove all accounts?" onClose={onClose} canClose={!isSubmitting}>
      <Flex direction="column" gap="medium">
        <Text>
          All {formatCount(accountCount)} of your broker accounts will be removed and their stored credentials wiped. Each refunds the unused
          whole days of its plan to your wallet.
        </Text>
        <DialogActions
          error={removeAll.error}
          cancelLabel="Keep accounts"
          onCancel={onClose}
          submitLabel="Remove all"
          pendingLabel="Removing…"
          isPending={isSubmitting}
          isDisabled={isSubmitting}
          variation="destructive"
          onSubmit={confirm}
        />
      </Flex>
    </ModalDialog>
  );
}
