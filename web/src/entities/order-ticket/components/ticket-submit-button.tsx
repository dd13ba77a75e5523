import { Button } from '@aws-amplify/ui-react';
import type { Action } from '../ticket-values';

/** The ticket's submit, coloured by side (trading.css) and locked while the order is on its way. */
export function TicketSubmitButton({ action, isBusy }: { action: Action; isBusy: boolean }) {
  return (
    <Button type="submit" variation="primary" className="order-ticket__submit" isLoading={isBusy} loadingText="Placing…" isDisabled={isBusy}>
      {action === 'BUY' ? 'Place buy order' : 'Place sell order'}
    </Button>
  );
}
