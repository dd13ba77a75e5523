import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
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
        {removeAll.isError ? (
          <Alert variation="error" role="alert">
            {errorText(removeAll.error)}
          </Alert>
        ) : null}
        <Flex justifyContent="flex-end" gap="small">
          <Button onClick={onClose} isDisabled={isSubmitting}>
            Keep accounts
          </Button>
          <Button variation="destructive" onClick={confirm} isLoading={isSubmitting} loadingText="Removing…" isDisabled={isSubmitting}>
            Remove all
          </Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}
