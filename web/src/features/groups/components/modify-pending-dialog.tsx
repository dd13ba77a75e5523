import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ModifyValues } from '../../demat/modify-order-form';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import type { AccountNamer } from '../../orders/account-names';
import { TicketPriceField } from '../../trading/components/ticket-price-field';
import { TicketQuantityField } from '../../trading/components/ticket-quantity-field';
import { quantityUnitOf } from '../../trading/lot-quantity';
import { useChangePending } from '../api/use-change-pending';
import { sampleOf, scopeName, type ChangeScope } from '../change-scope';
import { initialModifyValues, MODIFY_ORDER_TYPES, modifyRequestOf } from '../modify-pending-form';

/** Price steps by a paisa here: a group's order does not carry its script's tick, and the server checks the real one. */
const PAISA = 0.01;

interface ModifyPendingDialogProps {
  scope: ChangeScope;
  accountName: AccountNamer;
  onClose: () => void;
}

/**
 * Changes a pending order's type, quantity, price or trigger: one account's, or a whole group order's,
 * where a new quantity is the master's and each account's is worked out again with its multiplier.
 */
export function ModifyPendingDialog({ scope, accountName, onClose }: ModifyPendingDialogProps) {
  const change = useChangePending();
  const toast = useToast();
  const [values, setValues] = useState<ModifyValues>(() => initialModifyValues(scope));
  const [errors, setErrors] = useState<FieldErrors>({});
  const unit = quantityUnitOf(sampleOf(scope));
  const isPending = change.isPending;

  const set = (field: keyof ModifyValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const request = modifyRequestOf(scope, values);
    setErrors(request.errors);
    if (hasFieldErrors(request.errors)) return;
    change.mutate(
      { scope, change: request.change },
      {
        onSuccess: (outcome) => {
          toast.show(outcome.variation, outcome.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrorsFromDetails(error.details));
        },
      },
    );
  };

  return (
    <ModalDialog title={`Modify ${scopeName(scope, accountName)}`} onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate aria-label="Modify order">
        <Flex direction="column" gap="medium">
          {scope.kind === 'whole' ? (
            <Text variation="secondary" fontSize="small">
              A new quantity is the master's: each account gets it times its multiplier. Leave it empty to keep every account's quantity.
            </Text>
          ) : null}
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
          <TicketQuantityField unit={unit} value={values.quantity} onChange={(text) => set('quantity', text)} errorMessage={errors.quantity} isDisabled={isPending} />
          <TicketPriceField label="Price" name="price" tick={PAISA} value={values.price} onChange={(text) => set('price', text)} errorMessage={errors.price} isDisabled={isPending} />
          {values.order_type === 'SL' ? (
            <TicketPriceField
              label="Trigger price"
              name="trigger_price"
              tick={PAISA}
              value={values.trigger_price}
              onChange={(text) => set('trigger_price', text)}
              errorMessage={errors.trigger_price}
              isDisabled={isPending}
            />
          ) : null}
          {change.isError ? (
            <Alert variation="error" role="alert">
              {errorText(change.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={isPending}>
              Keep it
            </Button>
            <Button type="submit" variation="primary" isLoading={isPending} loadingText="Modifying…" isDisabled={isPending}>
              Modify order
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
