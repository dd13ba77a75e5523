import { Button } from '@aws-amplify/ui-react';
import type { Action } from '../ticket-values';

interface TicketSubmitButtonProps {
  action: Action;
  isBusy: boolean;
  /** An order was placed: the ticket shows it, and only "Place another" arms it again. */
  isDone?: boolean;
  onPlaceAnother?: () => void;
}

/**
 * The ticket's submit, coloured by side (trading.css) and locked while the order is on its way; once an
 * order is placed it gives way to "Place another", so a second click never sends a second order unasked.
 */
export function TicketSubmitButton({ action, isBusy, isDone = false, onPlaceAnother }: TicketSubmitButtonProps) {
  // Its own element (key), not the Place button relabelled: a focused Place button pressed twice must
  // not land on "Place another".
  if (isDone) {
    return (
      <Button key="place-another" type="button" variation="primary" onClick={onPlaceAnother}>
        Place another
      </Button>
    );
  }
  return (
    <Button key="place" type="submit" variation="primary" className="order-ticket__submit" isLoading={isBusy} loadingText="Placing…" isDisabled={isBusy}>
      {action === 'BUY' ? 'Place buy order' : 'Place sell order'}
    </Button>
  );
}
