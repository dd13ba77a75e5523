import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AccountBookOrder } from '../../../../../shared/contracts/broker-trading';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { STATUS_LABELS } from '../../orders/order-labels';
import { TicketPriceField } from '../../trading/components/ticket-price-field';
import { TicketQuantityField } from '../../trading/components/ticket-quantity-field';
import { quantityUnitOf } from '../../trading/lot-quantity';
import { useChangeOrder } from '../api/use-change-order';
import { initialModifyValues, MODIFY_ORDER_TYPES, modifyRequestOf, type ModifyValues } from '../modify-order-form';

interface ModifyOrderDialogProps {
  brokerId: string;
  row: AccountBookOrder;
  onClose: () => void;
}

/** Changes an open order's type, quantity, price or trigger; the fields are checked with the contract's schema first. */
export function ModifyOrderDialog({ brokerId, row, onClose }: ModifyOrderDialogProps) {
  const change = useChangeOrder();
  const toast = useToast();
  const [values, setValues] = useState<ModifyValues>(() => initialModifyValues(row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isPending = change.isPending;
  // Without a tick from the broker the arrows step by a paisa; the server still checks the real grid.
  const tick = row.tick_size ?? 0.01;

  const set = (field: keyof ModifyValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const request = modifyRequestOf(brokerId, row, values);
    setErrors(request.errors);
    if (hasFieldErrors(request.errors)) return;
    change.mutate(
      { brokerId, row, change: request.change },
      {
        onSuccess: (order) => {
          toast.success(`Order modified: ${order.trading_symbol} ${STATUS_LABELS[order.status].toLowerCase()}.`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrorsFromDetails(error.details));
        },
      },
    );
  };

  return (
    <ModalDialog title={`Modify ${row.action ?? ''} ${row.trading_symbol}`} onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate aria-label="Modify order">
        <Flex direction="column" gap="medium">
          <Text variation="secondary" fontSize="small">
            {row.filled_quantity > 0 ? `${row.filled_quantity} of ${row.quantity} units have filled. ` : ''}
            Tick {row.tick_size ?? 'not reported'}.
          </Text>
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
          <TicketQuantityField
            unit={quantityUnitOf(row)}
            value={values.quantity}
            onChange={(text) => set('quantity', text)}
            errorMessage={errors.quantity}
            isDisabled={isPending}
          />
          <TicketPriceField
            label="Price"
            name="price"
            tick={tick}
            value={values.price}
            onChange={(text) => set('price', text)}
            errorMessage={errors.price}
            isDisabled={isPending}
          />
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
