import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { addBridgeTriggerRequestSchema, updateBridgeTriggerRequestSchema } from '@shared/contracts/bridge';
import { DialogActions } from '@/components/dialog-actions';
import { useToast } from '@/components/toast/use-toast';
import { PositionEntryFields } from '@/entities/order-groups/components/position-entry-fields';
import { PositionExitFields } from '@/entities/order-groups/components/position-exit-fields';
import type { PositionFieldChange } from '@/entities/order-groups/components/position-field-change';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { checkedRequest } from '@/lib/request-check';
import { useSaveTrigger, type TriggerSave } from '../api/use-save-trigger';
import { triggerBodyOf, triggerErrorsOf, type TriggerFormValues, type TriggerTarget } from '../trigger-form';
import { TriggerExitExtras } from './trigger-exit-extras';
import type { TriggerFieldChange } from './trigger-field-change';
import { TriggerInstrumentFields } from './trigger-instrument-fields';
import { TriggerOrderFields } from './trigger-order-fields';
import { TriggerTargetFields } from './trigger-target-fields';

/** What the contract allows a trigger on the alert's symbols, said before the trader picks a level it would refuse. */
const ALERT_SYMBOLS_LEVELS_HINT =
  "With the alert's symbols the order is MARKET, the entry Direct, and a target or stop-loss in POINT or PERCENTAGE: one price cannot fit every symbol.";

interface TriggerFormProps {
  target: TriggerTarget;
  initial: TriggerFormValues;
  onClose: () => void;
}

/** Every field of a trigger's template, checked with the contract's request schema before anything is sent. */
export function TriggerForm({ target, initial, onClose }: TriggerFormProps) {
  const save = useSaveTrigger();
  const toast = useToast();
  const [values, setValues] = useState<TriggerFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const isBusy = save.isPending;

  const set: TriggerFieldChange = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  // The order manager's entry and exit groups name only fields the trigger shares with a position.
  const setPositionField: PositionFieldChange = (field, value) => {
    if (field in values) set(field as keyof TriggerFormValues, value as TriggerFormValues[keyof TriggerFormValues]);
  };
  const positionValues = { ...values, broker_id: '', transaction_type: values.transaction_type || 'BUY' } as const;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = triggerErrorsOf(values, target);
    setErrors(problems);
    if (hasFieldErrors(problems) || isBusy) return;
    const body = triggerBodyOf(values, target);
    const request: TriggerSave =
      target.kind === 'add' ? { kind: 'add', body: checkedRequest(addBridgeTriggerRequestSchema, body) } : { kind: 'edit', body: checkedRequest(updateBridgeTriggerRequestSchema, body) };
    save.mutate(request, {
      onSuccess: (trigger) => {
        toast.success(target.kind === 'add' ? `${trigger.direction} trigger ${trigger.priority} added.` : `${trigger.direction} trigger ${trigger.priority} saved.`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0) setErrors(fieldErrorsFromDetails(error.details));
      },
    });
  };

  const fieldProps = { values, onChange: set, errors, isDisabled: isBusy };
  const failure = save.error && !(save.error instanceof ApiError && save.error.details.length > 0) ? save.error : null;
  const hasProblems = hasFieldErrors(errors);
  return (
    <form onSubmit={submit} noValidate aria-label={target.kind === 'add' ? 'Add trigger' : 'Edit trigger'} className="trigger-form">
      <Flex direction="column" gap="medium">
        <section className="trigger-form__group" aria-label="Where it trades">
          <Heading level={5}>Where it trades</Heading>
          <div className="trigger-form__grid">
            <TriggerTargetFields {...fieldProps} />
          </div>
        </section>
        <section className="trigger-form__group" aria-label="What it trades">
          <Heading level={5}>What it trades</Heading>
          <div className="trigger-form__grid">
            <TriggerInstrumentFields {...fieldProps} />
          </div>
        </section>
        <section className="trigger-form__group" aria-label="The order">
          <Heading level={5}>The order</Heading>
          {values.script_source === 'SIGNAL' ? <Text fontSize="small">{ALERT_SYMBOLS_LEVELS_HINT}</Text> : null}
          <div className="trigger-form__grid">
            <TriggerOrderFields {...fieldProps} />
            <PositionEntryFields values={positionValues} onChange={setPositionField} errors={errors} isDisabled={isBusy} />
          </div>
        </section>
        <section className="trigger-form__group" aria-label="Exits">
          <Heading level={5}>Exits</Heading>
          <div className="om-exit-fields">
            <PositionExitFields values={positionValues} onChange={setPositionField} errors={errors} isDisabled={isBusy} />
          </div>
          <div className="trigger-form__grid">
            <TriggerExitExtras {...fieldProps} />
          </div>
        </section>
        {hasProblems ? (
          <Alert variation="warning" role="alert">
            Some fields need a change: {Object.values(errors).length === 1 ? Object.values(errors)[0] : 'see the messages under them.'}
          </Alert>
        ) : null}
        <DialogActions
          error={failure}
          cancelLabel="Close"
          onCancel={onClose}
          submitLabel={target.kind === 'add' ? 'Add trigger' : 'Save trigger'}
          pendingLabel="Saving…"
          isPending={isBusy}
          wrap
        />
      </Flex>
    </form>
  );
}
