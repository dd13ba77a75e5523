import { useCallback, useState, type ReactElement } from 'react';

export interface DialogSlot {
  /** The open dialog, to render once on the page; null while none is open. */
  dialog: ReactElement | null;
  open: (dialog: ReactElement) => void;
  close: () => void;
}

/** One place on a page for at most one dialog at a time. */
export function useDialogSlot(): DialogSlot {
  const [dialog, setDialog] = useState<ReactElement | null>(null);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, open: setDialog, close };
}
