import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { errorText } from '../lib/error-text';

export interface DialogActionsProps {
  /** What went wrong, shown above the buttons: a text as it is, a failed call by its message; nothing hides the alert. */
  readonly error?: unknown;
  /** The way out ("Cancel", "Back", "Keep it"). */
  readonly cancelLabel?: string;
  readonly onCancel: () => void;
  readonly submitLabel: ReactNode;
  /** What the primary button says while the action runs ("Saving…"). */
  readonly pendingLabel?: string;
  readonly isPending?: boolean;
  /** Left out, the primary button is disabled only while it is loading. */
  readonly isDisabled?: boolean;
  readonly variation?: 'primary' | 'destructive';
  /** Without it the primary button submits the form around it. */
  readonly onSubmit?: () => void;
  /** Lets the buttons wrap onto two lines on a narrow screen. */
  readonly wrap?: boolean;
}

/** One footer for every dialog: an optional error, then the way out and the primary action; both lock while the action runs. */
export function DialogActions({
  error,
  cancelLabel = 'Cancel',
  onCancel,
  submitLabel,
  pendingLabel,
  isPending = false,
  isDisabled,
  variation = 'primary',
  onSubmit,
  wrap = false,
}: DialogActionsProps) {
  return (
    <>
      {error ? (
        <Alert variation="error" role="alert">
          {typeof error === 'string' ? error : errorText(error)}
        </Alert>
      ) : null}
      <Flex justifyContent="flex-end" gap="small" wrap={wrap ? 'wrap' : undefined}>
        <Button onClick={onCancel} isDisabled={isPending}>
          {cancelLabel}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          variation={variation}
          onClick={onSubmit}
          isLoading={isPending}
          loadingText={pendingLabel}
          isDisabled={isDisabled}
        >
          {submitLabel}
        </Button>
      </Flex>
    </>
  );
}
