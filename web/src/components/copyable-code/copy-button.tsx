import { Button } from '@aws-amplify/ui-react';
import { useToast } from '../toast/use-toast';

/** Spec §8's copy toast. */
export const COPY_SUCCESS_MESSAGE = 'Copied successfully!';
export const COPY_FAILURE_MESSAGE = 'Copying is blocked in this browser: select the text and copy it yourself.';

interface CopyButtonProps {
  text: string;
  /** The accessible name: what is copied ("Copy webhook URL"). */
  label: string;
  size?: 'small' | 'large';
}

/** Copies a text to the clipboard and says so with a toast. */
export function CopyButton({ text, label, size = 'small' }: CopyButtonProps) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(COPY_SUCCESS_MESSAGE);
    } catch {
      toast.error(COPY_FAILURE_MESSAGE);
    }
  };
  return (
    <Button size={size} onClick={() => void copy()} aria-label={label}>
      Copy
    </Button>
  );
}
