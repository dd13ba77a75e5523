import { useState } from 'react';
import { groupPlaceOrderRequestSchema, type GroupOrderFanOut } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { isAmbiguousFailure } from '@/entities/order-ticket/ambiguous-outcome';
import { useSubmissionKey } from '@/entities/order-ticket/hooks/use-submission-key';
import { KEY_FOR_CHECKING } from '@/entities/order-ticket/hooks/use-ticket-submit';
import { orderFieldsBodyOf, orderRuleErrorsOf } from '@/entities/order-ticket/ticket-check';
import type { TicketScript } from '@/entities/order-ticket/ticket-script';
import type { OrderFieldValues } from '@/entities/order-ticket/ticket-values';
import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';
import { fieldErrorsFromDetails, fieldErrorsOf, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { usePlaceGroupOrder } from '../api/use-place-group-order';
import { fanOutSummary } from '../fan-out-outcome';

/**
 * Checks a group ticket with the contract's schema and the order rules, then sends it once: never
 * while a send is running, and under the same idempotency key when the same ticket is sent again after
 * a lost answer (the server then answers, and finishes, the first group order: no account gets it twice).
 */
export function useGroupTicketSubmit(script: TicketScript, grpId: string, onPlaced: (fanOut: GroupOrderFanOut) => void) {
  const place = usePlaceGroupOrder();
  const keys = useSubmissionKey();
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isAmbiguous, setIsAmbiguous] = useState(false);

  const submit = (values: OrderFieldValues, priceText: string) => {
    if (place.isPending) return;
    const body = { group_id: grpId, script_id: script.script_id, ...orderFieldsBodyOf(values, priceText, script) };
    // A ticket that fails its checks never takes a key: the key of a lost send must survive until it is resent.
    const problems = { ...fieldErrorsOf(groupPlaceOrderRequestSchema, { ...body, idempotency_key: KEY_FOR_CHECKING }), ...orderRuleErrorsOf(values, priceText, script) };
    setErrors(problems);
    if (hasFieldErrors(problems)) return;
    place.reset();
    setIsAmbiguous(false);
    place.mutate(
      { ...body, idempotency_key: keys.keyFor(body) },
      {
        onSuccess: (fanOut) => {
          keys.settle();
          const summary = fanOutSummary(fanOut, 'placed');
          toast.show(summary.variation, summary.message);
          onPlaced(fanOut);
        },
        onError: (error) => {
          const ambiguous = isAmbiguousFailure(error);
          if (!ambiguous) keys.settle();
          setIsAmbiguous(ambiguous);
          if (error instanceof ApiError) setErrors(fieldErrorsFromDetails(error.details));
          toast.error(errorText(error));
        },
      },
    );
  };

  /** A field the user changes loses its message; the others keep theirs until the next submit. */
  const clearError = (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  return { submit, clearError, errors, isAmbiguous, isPending: place.isPending, placed: place.data ?? null, failure: place.error };
}
