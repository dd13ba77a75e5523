import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { DialogActions } from '@/components/dialog-actions';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatCount } from '@/lib/format/number';
import { useRefundNote } from '../api/use-refund-note';
import { useRemoveAccount } from '../api/use-remove-account';

interface RemoveAccountDialogProps {
  account: BrokerAccount;
  onClose: () => void;
  onRemoved?: () => void;
}

/** Removing an account: the refund note comes first, and only once it is shown can the removal be confirmed. */
export function RemoveAccountDialog({ account, onClose, onRemoved }: RemoveAccountDialogProps) {
  const refund = useRefundNote(account.broker_id);
  const remove = useRemoveAccount();
  const toast = useToast();
  const isSubmitting = remove.isPending;

  const confirm = () =>
    remove.mutate(account.broker_id, {
      onSuccess: ({ refunded_credits }) => {
        toast.success(`${account.broker_combined_name} removed; ${formatCount(refunded_credits)} credits refunded.`);
        onClose();
        onRemoved?.();
      },
    });

  return (
    <ModalDialog title={`Remove ${account.broker_combined_name}?`} onClose={onClose} canClose={!isSubmitting}>
      <Flex direction="column" gap="medium">
        {refund.isPending ? <LoadingState label="Working out the refund…" /> : null}
        {refund.isError ? (
          <Alert variation="error" role="alert">
            {refund.error.message}
          </Alert>
        ) : null}
        {refund.data ? (
          <Flex direction="column" gap="xs" data-testid="refund-note">
            <Text>{refund.data.note}</Text>
            <Text fontWeight="semibold">Refund: {formatCount(refund.data.refund_credits)} credits</Text>
          </Flex>
        ) : null}
        <Text variation="secondary">The account's stored credentials are wiped and it stops trading.</Text>
        <DialogActions
          error={remove.error}
          cancelLabel="Keep account"
          onCancel={onClose}
          submitLabel="Remove account"
          pendingLabel="Removing…"
          isPending={isSubmitting}
          isDisabled={!refund.data || isSubmitting}
          variation="destructive"
          onSubmit={confirm}
        />
      </Flex>
    </ModalDialog>
  );
}
