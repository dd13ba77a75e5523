import { useToast } from '@/components/toast/use-toast';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE } from '../jsonbridge-messages';

/** Copies text to the clipboard and says so ('Copied successfully!'), or says to copy by hand when the browser refuses. */
export function useCopyText(): (text: string) => void {
  const toast = useToast();
  return (text) => {
    const copying = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    copying.then(
      () => toast.success(COPIED_MESSAGE),
      () => toast.error(COPY_FAILED_MESSAGE),
    );
  };
}
