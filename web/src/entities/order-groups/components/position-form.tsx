import { Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { addPositionRequestSchema, editPositionRequestSchema } from '@shared/contracts/ordermanager';
import { DialogActions } from '@/components/dialog-actions';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { checkedRequest } from '@/lib/request-check';
import { TicketAccountField } from '@/entities/order-ticket/components/ticket-account-field';
import { TicketOrderFields, type OrderFieldChange } from '@/entities/order-ticket/components/ticket-order-fields';
import { useSavePosition, type PositionSave } from '../api/use-save-position';
import {
  newPositionValues,
  positionBodyOf,
  positionErrorsOf,
  positionValuesOf,
  type PositionFormValues,
  type PositionScript,
  type PositionTarget,
} from '../position-form';
import { PositionEntryFields } from './position-entry-fields';
import { PositionExitFields } from './position-exit-fields';
import type { PositionFieldChange } from './position-field-change';
import { PositionRolloverFields } from './position-rollover-fields';

/** Price inputs step by the script's tick; a saved position does not carry it, so the common 0.05 steps the arrows. */
const FALLBACK_TICK = 0.05;

interface PositionFormProps {
  target: PositionTarget;
  script: PositionScript;
  accounts: readonly BrokerAccount[];
  onClose: () => void;
}

/** The position's fields, checked with the contract's request schema before anything is sent. */
export function PositionForm({ target, script, accounts, onClose }: PositionFormProps) {
  const save = useSavePosition();
  const toast = useToast();
  const [values, setValues] = useState<PositionFormValues>(() =>
    target.kind === 'edit' ? positionValuesOf(target.position) : newPositionValues(accounts[0]?.broker_id ?? ''),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const isEntryLocked = target.kind === 'edit' && target.position.op_status === 'OPEN';
  const isBusy = save.isPending;

  const update = (patch: Partial<PositionFormValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const set: PositionFieldChange = (field, value) => update({ [field]: value }, field);
  // The ticket's order fields speak of its own value type, which the position's values extend.
  const setOrderField: OrderFieldChange = (field, value) => update({ [field]: value }, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = positionErrorsOf(values, script, target);
    setErrors(problems);
    if (hasFieldErrors(problems) || isBusy) return;
    const body = positionBodyOf(values, script, target);
    const request: PositionSave =
      target.kind === 'add' ? { kind: 'add', body: checkedRequest(addPositionRequestSchema, body) } : { kind: 'edit', body: checkedRequest(editPositionRequestSchema, body) };
    save.mutate(request, {
      onSuccess: (position) => {
        toast.success(target.kind === 'add' ? `Position ${position.trading_symbol} added as ${position.op_status}.` : `Position ${position.trading_symbol} saved.`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0) setErrors(fieldErrorsFromDetails(error.details));
      },
    });
  };

  const failure = save.error && !(save.error instanceof ApiError && save.error.details.length > 0) ? save.error : null;
  return (
    <form onSubmit={submit} noValidate aria-label={target.kind === 'add' ? 'Add position' : 'Edit position'} className="order-ticket" data-side={values.transaction_type}>
      <Flex direction="column" gap="medium">
        <div className="order-ticket__grid">
          <TicketAccountField
            accounts={accounts}
            value={values.broker_id}
            onChange={(brokerId) => set('broker_id', brokerId)}
            errorMessage={errors.broker_id}
            isDisabled={isBusy || isEntryLocked}
          />
          <TicketOrderFields
            script={{ ...script, tick_size: script.tick_size ?? FALLBACK_TICK }}
            values={values}
            priceText={values.price ?? ''}
            onChange={setOrderField}
            errors={errors}
            isDisabled={isBusy || isEntryLocked}
          />
          <PositionEntryFields values={values} onChange={set} errors={errors} isDisabled={isBusy || isEntryLocked} />
        </div>
        <div className="om-exit-fields">
          <PositionExitFields values={values} onChange={set} errors={errors} isDisabled={isBusy} />
          <PositionRolloverFields script={script} values={values} onChange={set} errors={errors} isDisabled={isBusy} />
        </div>
        <DialogActions
          error={failure}
          cancelLabel="Close"
          onCancel={onClose}
          submitLabel={target.kind === 'add' ? 'Add position' : 'Save position'}
          pendingLabel="Saving…"
          isPending={isBusy}
          wrap
        />
      </Flex>
    </form>
  );
}
