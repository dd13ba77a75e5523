import { groupPlaceOrderRequestSchema, type GroupOrderFanOut } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { KEY_FOR_CHECKING, useOrderSend } from '@/entities/order-ticket/hooks/use-order-send';
import { orderFieldsBodyOf, orderRuleErrorsOf } from '@/entities/order-ticket/ticket-check';
import type { TicketScript } from '@/entities/order-ticket/ticket-script';
import type { OrderFieldValues } from '@/entities/order-ticket/ticket-values';
import { fieldErrorsOf } from '@/lib/field-errors';
import { usePlaceGroupOrder } from '../api/use-place-group-order';
import { fanOutSummary } from '../fan-out-outcome';

/**
 * Checks a group ticket with the contract's schema and the order rules, then sends it once (see
 * useOrderSend): never while a send is running or after the group order was placed, and under the same
 * idempotency key when the same ticket is sent again after a lost answer (the server then answers, and
 * finishes, the first group order: no account gets it twice).
 */
export function useGroupTicketSubmit(script: TicketScript, grpId: string, onPlaced: (fanOut: GroupOrderFanOut) => void) {
  const toast = useToast();
  const place = usePlaceGroupOrder();
  const ticket = useOrderSend(place, (fanOut) => {
    const summary = fanOutSummary(fanOut, 'placed');
    toast.show(summary.variation, summary.message);
    onPlaced(fanOut);
  });

  const submit = (values: OrderFieldValues, priceText: string) => {
    const body = { group_id: grpId, script_id: script.script_id, ...orderFieldsBodyOf(values, priceText, script) };
    ticket.send({
      body,
      problems: { ...fieldErrorsOf(groupPlaceOrderRequestSchema, { ...body, idempotency_key: KEY_FOR_CHECKING }), ...orderRuleErrorsOf(values, priceText, script) },
      variablesFor: (key) => ({ ...body, idempotency_key: key }),
    });
  };

  return { ...ticket, submit };
}
