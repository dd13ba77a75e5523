import { useCallback, useState, type ReactElement } from 'react';
import { OrderTicketDialog, type OrderTicketRequest } from '../components/order-ticket-dialog';

/** A page's order ticket: `open({ script, … })` shows it, render `ticket` once on the page. */
export function useOrderTicket(): { ticket: ReactElement | null; open: (request: OrderTicketRequest) => void } {
  const [request, setRequest] = useState<OrderTicketRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  const ticket = request ? <OrderTicketDialog request={request} onClose={close} /> : null;
  return { ticket, open: setRequest };
}
