import { Alert } from '@aws-amplify/ui-react';
import type { Toast } from './toast-context';

interface ToastRegionProps {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
}

/** The stack of visible toasts, top right; errors are announced at once, the rest politely. */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  return (
    <section className="toast-region" aria-label="Messages">
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          className="toast"
          data-toast={toast.variation}
          variation={toast.variation}
          role={toast.variation === 'error' ? 'alert' : 'status'}
          isDismissible
          onDismiss={() => onDismiss(toast.id)}
        >
          {toast.message}
        </Alert>
      ))}
    </section>
  );
}
