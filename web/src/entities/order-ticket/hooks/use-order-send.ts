import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { isAmbiguousFailure } from '../ambiguous-outcome';
import { useSubmissionKey } from './use-submission-key';

/** Stands in for the key while the body is checked against the schema (which requires one); never sent. */
export const KEY_FOR_CHECKING = 'checking-only';

/** One submission of a ticket: the body without its key, what the checks found, and the mutation's input for a key. */
export interface OrderSendRequest<TVariables> {
  body: Record<string, unknown>;
  problems: FieldErrors;
  variablesFor: (idempotencyKey: string) => TVariables;
}

/**
 * What an account ticket and a group ticket share when they send an order: checked fields first, then
 * one send at a time under an idempotency key that survives a lost answer (a resend answers the first
 * order), a toast for the outcome, and after a placed order a ticket that stays done until the user asks
 * for another ("Place another"): a second click on Place never places a second order without asking.
 */
export function useOrderSend<TResult, TVariables>(place: UseMutationResult<TResult, Error, TVariables>, announce: (result: TResult) => void) {
  const keys = useSubmissionKey();
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isAmbiguous, setIsAmbiguous] = useState(false);

  const send = ({ body, problems, variablesFor }: OrderSendRequest<TVariables>) => {
    if (place.isPending || place.isSuccess) return;
    // A ticket that fails its checks never takes a key: the key of a lost send must survive until it is resent.
    setErrors(problems);
    if (hasFieldErrors(problems)) return;
    place.reset();
    setIsAmbiguous(false);
    place.mutate(variablesFor(keys.keyFor(body)), {
      onSuccess: (result) => {
        keys.settle();
        announce(result);
      },
      onError: (error) => {
        const ambiguous = isAmbiguousFailure(error);
        if (!ambiguous) keys.settle();
        setIsAmbiguous(ambiguous);
        if (error instanceof ApiError) setErrors(fieldErrorsFromDetails(error.details));
        toast.error(errorText(error));
      },
    });
  };

  /** A field the user changes loses its message; the others keep theirs until the next submit. */
  const clearError = (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  /** The user asks for a new order after one was placed: the ticket keeps its values and is armed again (a new key). */
  const placeAnother = () => {
    place.reset();
    setErrors({});
    setIsAmbiguous(false);
  };

  return {
    send,
    clearError,
    placeAnother,
    errors,
    isAmbiguous,
    isPending: place.isPending,
    /** An order was placed (whatever its status): the ticket shows it and waits for "Place another". */
    isDone: place.isSuccess,
    placed: place.data ?? null,
    failure: place.error,
  };
}
