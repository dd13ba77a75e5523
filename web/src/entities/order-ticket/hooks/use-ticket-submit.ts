import { useToast } from '@/components/toast/use-toast';
import { usePlaceOrder } from '../api/use-place-order';
import { outcomeMessage, outcomeVariation } from '../order-outcome';
import type { PlaceTarget } from '../place-targets';
import { ticketBodyOf, ticketErrorsOf } from '../ticket-check';
import type { TicketScript } from '../ticket-script';
import type { TicketValues } from '../ticket-values';
import { KEY_FOR_CHECKING, useOrderSend } from './use-order-send';

/**
 * Checks an account ticket with the contract's schema and the order rules, then sends it once (see
 * useOrderSend): never while a send is running or after an order was placed, and with the same
 * idempotency key when the same ticket is sent again after a lost answer.
 */
export function useTicketSubmit(script: TicketScript, target: PlaceTarget) {
  const toast = useToast();
  const place = usePlaceOrder();
  const ticket = useOrderSend(place, ({ order }) => toast.show(outcomeVariation(order), outcomeMessage(order)));

  const submit = (values: TicketValues, priceText: string) => {
    const body = ticketBodyOf(values, priceText, script, target);
    ticket.send({
      body,
      problems: ticketErrorsOf({ ...body, idempotency_key: KEY_FOR_CHECKING }, values, priceText, script, target),
      variablesFor: (key) => ({ target, body: { ...body, broker_id: values.broker_id, idempotency_key: key } }),
    });
  };

  return { ...ticket, submit, placed: ticket.placed?.order ?? null };
}
