import { Flex, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { addOrderGroupRequestSchema, editOrderGroupRequestSchema, type OrderGroup } from '@shared/contracts/ordermanager';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { checkedRequest } from '@/lib/request-check';
import { useAddOrderGroup } from '../api/use-add-order-group';
import { useEditOrderGroup } from '../api/use-edit-order-group';
import { NEW_ORDER_GROUP_VALUES, orderGroupBodyOf, orderGroupErrorsOf, orderGroupValuesOf, type OrderGroupFormValues } from '../order-group-form';

type TextSetting = Exclude<keyof OrderGroupFormValues, 'og_place_order'>;

const TEXT_FIELDS: readonly { field: TextSetting; label: string; placeholder: string; hint: string; inputMode: 'text' | 'decimal' }[] = [
  { field: 'og_name', label: 'Order group name', placeholder: 'e.g. Nifty scalps', hint: '', inputMode: 'text' },
  { field: 'group_tgt', label: 'Group target (₹)', placeholder: 'Off', hint: 'Exit all when the group makes this much; empty turns it off.', inputMode: 'decimal' },
  { field: 'group_sl', label: 'Group stop-loss (₹)', placeholder: 'Off', hint: 'Exit all when the group loses this much; empty turns it off.', inputMode: 'decimal' },
  { field: 'start_time', label: 'Trading window start', placeholder: 'HH:mm:ss', hint: 'Asia/Kolkata; empty: no start.', inputMode: 'text' },
  { field: 'end_time', label: 'Trading window end', placeholder: 'HH:mm:ss', hint: 'Open positions exit at this time; empty: no end.', inputMode: 'text' },
];

/** Adds an order group, or edits one (`group` given): name, place-order flag, group target / stop-loss in ₹, trading window. */
export function OrderGroupDialog({ group, onClose }: { group?: OrderGroup | undefined; onClose: () => void }) {
  const add = useAddOrderGroup();
  const edit = useEditOrderGroup();
  const toast = useToast();
  const [values, setValues] = useState<OrderGroupFormValues>(() => (group ? orderGroupValuesOf(group) : NEW_ORDER_GROUP_VALUES));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isPending = add.isPending || edit.isPending;
  const failure = add.error ?? edit.error;
  const ogId = group?.og_id ?? null;

  const onFailure = (error: Error) => {
    if (error instanceof ApiError && error.details.length > 0) setErrors(fieldErrorsFromDetails(error.details));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = orderGroupErrorsOf(values, ogId);
    setErrors(problems);
    if (hasFieldErrors(problems) || isPending) return;
    const body = orderGroupBodyOf(values, ogId);
    const done = (saved: OrderGroup) => {
      toast.success(group ? `Order group ${saved.og_name} saved.` : `Order group ${saved.og_name} added. Add positions to it.`);
      onClose();
    };
    if (ogId === null) add.mutate(checkedRequest(addOrderGroupRequestSchema, body), { onSuccess: done, onError: onFailure });
    else edit.mutate(checkedRequest(editOrderGroupRequestSchema, body), { onSuccess: done, onError: onFailure });
  };

  return (
    <ModalDialog title={group ? `Edit ${group.og_name}` : 'Add order group'} onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate aria-label={group ? 'Edit order group' : 'Add order group'}>
        <Flex direction="column" gap="medium">
          <div className="om-form-grid">
            {TEXT_FIELDS.map(({ field, label, placeholder, hint, inputMode }) => (
              <TextField
                key={field}
                label={label}
                name={field}
                placeholder={placeholder}
                inputMode={inputMode}
                descriptiveText={hint || undefined}
                value={values[field]}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                hasError={Boolean(errors[field])}
                errorMessage={errors[field]}
                isDisabled={isPending}
                className={field === 'og_name' ? 'om-form-grid__wide' : undefined}
              />
            ))}
          </div>
          <SwitchField
            label="Place orders"
            labelPosition="end"
            isChecked={values.og_place_order}
            isDisabled={isPending}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, og_place_order: event.target.checked }))}
          />
          <DialogActions
            error={failure && !(failure instanceof ApiError && failure.details.length > 0) ? failure : null}
            cancelLabel="Close"
            onCancel={onClose}
            submitLabel={group ? 'Save' : 'Add order group'}
            pendingLabel="Saving…"
            isPending={isPending}
          />
        </Flex>
      </form>
    </ModalDialog>
  );
}
