import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@shared/domain/constants';
import { ToastContext, type Toast, type ToastApi, type ToastVariation } from './toast-context';
import { ToastRegion } from './toast-region';

/** Holds the visible toasts; each hides itself after TOAST_AUTO_HIDE_MS or when dismissed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (variation: ToastVariation, message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, variation, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_AUTO_HIDE_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message) => show('success', message),
      error: (message) => show('error', message),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}
