import { Heading } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  /** While false (e.g. during a submit) neither Escape nor a backdrop click closes the dialog. */
  canClose?: boolean;
  children: ReactNode;
}

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href]';

/**
 * A modal dialog over the page: focus moves into it (onto the dialog itself while it has nothing to
 * focus yet, e.g. still loading), stays inside (Tab wraps) and returns on close; Escape and a backdrop
 * click close it, Escape also when the focused control vanished (a button disabled or replaced).
 */
export function ModalDialog({ title, onClose, canClose = true, children }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closing = useRef({ onClose, canClose });
  closing.current = { onClose, canClose };

  useEffect(() => {
    let returnTarget = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusFirst = () => {
      const dialog = dialogRef.current;
      (dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)?.focus();
    };
    // Focus that leaves the dialog (e.g. a closing menu handing it back to its trigger) is pulled back in;
    // where it tried to go is where it returns when the dialog closes.
    const keepFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || dialogRef.current?.contains(event.target)) return;
      returnTarget = event.target;
      focusFirst();
    };
    // A focused control that is disabled or removed leaves focus on the page's body, outside the dialog's
    // own key handler: Escape there still closes the topmost dialog.
    const closeOnStrayEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !closing.current.canClose) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const open = document.querySelectorAll('.modal-dialog');
      if (open[open.length - 1] !== dialogRef.current) return;
      closing.current.onClose();
    };
    focusFirst();
    document.addEventListener('focusin', keepFocusIn);
    document.addEventListener('keydown', closeOnStrayEscape);
    return () => {
      document.removeEventListener('focusin', keepFocusIn);
      document.removeEventListener('keydown', closeOnStrayEscape);
      returnTarget?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && canClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key === 'Tab') keepFocusInside(event, dialogRef.current);
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && canClose) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Heading level={3} id={titleId} className="modal-dialog__title">
          {title}
        </Heading>
        {children}
      </div>
    </div>
  );
}

function keepFocusInside(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement | null): void {
  const focusable = dialog ? [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
