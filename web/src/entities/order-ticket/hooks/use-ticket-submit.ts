import { useState } from 'react';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { isAmbiguousFailure } from '../ambiguous-outcome';
import { usePlaceOrder } from '../api/use-place-order';
import { outcomeMessage, outcomeVariation } from '../order-outcome';
import type { PlaceTarget } from '../place-targets';
import { ticketBodyOf, ticketErrorsOf } from '../ticket-check';
import type { TicketScript } from '../ticket-script';
import type { TicketValues } from '../ticket-values';
import { useSubmissionKey } from './use-submission-key';

/** Stands in for the key while the body is checked against the schema (which requires one); never sent. */
export const KEY_FOR_CHECKING = 'checking-only';

/**
 * Checks a ticket with the contract's schema and the order rules, then sends it once: never while a
 * send is running, and with the same idempotency key when the same ticket is sent again after a lost answer.
 */
export function useTicketSubmit(script: TicketScript, target: PlaceTarget) {
  const place = usePlaceOrder();
  const keys = useSubmissionKey();
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isAmbiguous, setIsAmbiguous] = useState(false);

  const submit = (values: TicketValues, priceText: string) => {
    if (place.isPending) return;
    const body = ticketBodyOf(values, priceText, script, target);
    // A ticket that fails its checks never takes a key: the key of a lost send must survive until it is resent.
    const problems = ticketErrorsOf({ ...body, idempotency_key: KEY_FOR_CHECKING }, values, priceText, script, target);
    setErrors(problems);
    if (hasFieldErrors(problems)) return;
    const request = { ...body, broker_id: values.broker_id, idempotency_key: keys.keyFor(body) };
    place.reset();
    setIsAmbiguous(false);
    place.mutate(
      { target, body: request },
      {
        onSuccess: ({ order }) => {
          keys.settle();
          toast.show(outcomeVariation(order), outcomeMessage(order));
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

  return { submit, clearError, errors, isAmbiguous, isPending: place.isPending, placed: place.data?.order ?? null, failure: place.error };
}
