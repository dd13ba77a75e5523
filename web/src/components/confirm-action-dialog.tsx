import { Flex, Text } from '@aws-amplify/ui-react';
import { DialogActions } from './dialog-actions';
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
        <DialogActions
          error={error}
          cancelLabel="Keep it"
          onCancel={onClose}
          submitLabel={confirmLabel}
          pendingLabel={pendingLabel}
          isPending={isPending}
          isDisabled={isPending}
          variation={variation}
          onSubmit={onConfirm}
          wrap
        />
      </Flex>
    </ModalDialog>
  );
}
