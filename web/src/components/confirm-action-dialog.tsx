import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { errorText } from '../lib/error-text';
import { ModalDialog } from './modal-dialog';

interface ConfirmActionDialogProps {
  title: string;
  /** What will happen, in plain words (which order, which side, how many). */
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
  error: Error | null;
  variation?: 'primary' | 'destructive';
}

/** Asks before an order action that cannot be undone; the buttons lock while it runs, so it is sent once. */
export function ConfirmActionDialog({
  title,
  text,
  confirmLabel,
  pendingLabel,
  onConfirm,
  onClose,
  isPending,
  error,
  variation = 'destructive',
}: ConfirmActionDialogProps) {
  return (
    <ModalDialog title={title} onClose={onClose} canClose={!isPending}>
      <Flex direction="column" gap="medium">
        <Text>{text}</Text>
        {error ? (
          <Alert variation="error" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onClose} isDisabled={isPending}>
            Keep it
          </Button>
          <Button variation={variation} onClick={onConfirm} isLoading={isPending} loadingText={pendingLabel} isDisabled={isPending}>
            {confirmLabel}
          </Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}
