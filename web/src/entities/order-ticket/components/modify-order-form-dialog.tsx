import { Flex, SelectField, Text } from '@aws-amplify/ui-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import type { Toast } from '@/components/toast/toast-context';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import {
  initialModifyValues,
  MODIFY_ORDER_TYPES,
  modifyRequestOf,
  priceStepOf,
  type ModifiableOrder,
  type ModifyChange,
  type ModifyValues,
} from '../modify-values';
import { TicketPriceField } from './ticket-price-field';
import { TicketQuantityField } from './ticket-quantity-field';

interface ModifyOrderFormDialogProps<Answer, Variables> {
  title: string;
  /** The line above the fields (what has filled, the tick, how a whole group order's quantity works); null for none. */
  note: string | null;
  order: ModifiableOrder;
  /** The mutation that sends the change; the dialog shows its progress and its error. */
  mutation: UseMutationResult<Answer, Error, Variables>;
  /** The mutation's variables for a checked change (who the order is, and the change). */
  variablesOf: (change: ModifyChange) => Variables;
  /** How the answer is told once the change went through. */
  toastOf: (answer: Answer) => Pick<Toast, 'variation' | 'message'>;
  onClose: () => void;
}

/**
 * The modify dialog of any listed order: type, quantity, price and trigger, checked with the call's
 * schema and the order rules first; the server's own field errors come back onto the fields.
 */
export function ModifyOrderFormDialog<Answer, Variables>({ title, note, order, mutation, variablesOf, toastOf, onClose }: ModifyOrderFormDialogProps<Answer, Variables>) {
  const toast = useToast();
  const [values, setValues] = useState<ModifyValues>(() => initialModifyValues(order));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isPending = mutation.isPending;
  const tick = priceStepOf(order);

  const set = (field: keyof ModifyValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const request = modifyRequestOf(order, values);
    setErrors(request.errors);
    if (hasFieldErrors(request.errors)) return;
    mutation.mutate(variablesOf(request.change), {
      onSuccess: (answer) => {
        const told = toastOf(answer);
        toast.show(told.variation, told.message);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(fieldErrorsFromDetails(error.details));
      },
    });
  };

  return (
    <ModalDialog title={title} onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate aria-label="Modify order">
        <Flex direction="column" gap="medium">
          {note === null ? null : (
            <Text variation="secondary" fontSize="small">
              {note}
            </Text>
          )}
          <SelectField
            label="Order type"
            name="order_type"
            value={values.order_type}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              const type = MODIFY_ORDER_TYPES.find((candidate) => candidate === event.target.value);
              if (type) set('order_type', type);
            }}
            isDisabled={isPending}
          >
            <option value="LIMIT">Limit</option>
            <option value="SL">Stop-loss limit (SL)</option>
          </SelectField>
          <TicketQuantityField unit={order.unit} value={values.quantity} onChange={(text) => set('quantity', text)} errorMessage={errors.quantity} isDisabled={isPending} />
          <TicketPriceField label="Price" name="price" tick={tick} value={values.price} onChange={(text) => set('price', text)} errorMessage={errors.price} isDisabled={isPending} />
          {values.order_type === 'SL' ? (
            <TicketPriceField
              label="Trigger price"
              name="trigger_price"
              tick={tick}
              value={values.trigger_price}
              onChange={(text) => set('trigger_price', text)}
              errorMessage={errors.trigger_price}
              isDisabled={isPending}
            />
          ) : null}
          <DialogActions
            error={mutation.error}
            cancelLabel="Keep it"
            onCancel={onClose}
            submitLabel="Modify order"
            pendingLabel="Modifying…"
            isPending={isPending}
            isDisabled={isPending}
          />
        </Flex>
      </form>
    </ModalDialog>
  );
}
