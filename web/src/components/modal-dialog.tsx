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
 * A modal dialog over the page: focus moves into it, stays inside (Tab wraps) and returns on close;
 * Escape and a backdrop click close it.
 */
export function ModalDialog({ title, onClose, canClose = true, children }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let returnTarget = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusFirst = () => dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Focus that leaves the dialog (e.g. a closing menu handing it back to its trigger) is pulled back in;
    // where it tried to go is where it returns when the dialog closes.
    const keepFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || dialogRef.current?.contains(event.target)) return;
      returnTarget = event.target;
      focusFirst();
    };
    focusFirst();
    document.addEventListener('focusin', keepFocusIn);
    return () => {
      document.removeEventListener('focusin', keepFocusIn);
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
