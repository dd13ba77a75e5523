import { Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { subUserContracts } from '@shared/contracts/subusers';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, fieldErrorsOf, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useFormValues } from '@/lib/use-form-values';
import { useAddSubUser, type AddSubUserRequest } from '../api/use-add-sub-user';
import { subUserName } from '@/entities/sub-users/sub-user-name';

const EMPTY_FORM: AddSubUserRequest = { first_name: '', last_name: '', email: '', mobile_no: '' };

/** What the user is told once the sub-user exists: whether the mail with the password link went out. */
function addedText(name: string, email: string, mailSent: boolean): string {
  return mailSent
    ? `${name} was added. A mail to set a password was sent to ${email}.`
    : `${name} was added, but the mail to set a password could not be sent. Check the mail settings in Configs.`;
}

/**
 * Adds a sub-user under the caller: name, email and mobile, checked by the contract before sending; a
 * duplicate email or mobile in the franchise comes back (409) on its own field.
 */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const add = useAddSubUser();
  const toast = useToast();
  const { values, bind } = useFormValues(EMPTY_FORM);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const serverErrors = add.error instanceof ApiError ? fieldErrorsFromDetails(add.error.details) : {};
  const errorFor = (name: keyof AddSubUserRequest) => localErrors[name] ?? serverErrors[name];
  const field = (name: keyof AddSubUserRequest) => ({
    ...bind(name),
    hasError: Boolean(errorFor(name)),
    errorMessage: errorFor(name),
    isDisabled: add.isPending,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldErrorsOf(subUserContracts.addSubUser.request, values);
    setLocalErrors(errors);
    if (hasFieldErrors(errors)) return;
    add.mutate(values, {
      onSuccess: ({ sub_user, mail_sent }) => {
        const text = addedText(subUserName(sub_user), sub_user.email, mail_sent);
        if (mail_sent) toast.success(text);
        else toast.show('warning', text);
        onClose();
      },
    });
  };

  return (
    <ModalDialog title="Add user" onClose={onClose} canClose={!add.isPending}>
      <form onSubmit={submit} noValidate aria-label="Add user">
        <Flex direction="column" gap="medium">
          <Flex gap="medium" wrap="wrap">
            <TextField label="First name" autoComplete="off" flex="1 1 10rem" {...field('first_name')} />
            <TextField label="Last name" autoComplete="off" flex="1 1 10rem" {...field('last_name')} />
          </Flex>
          <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
          <TextField label="Mobile number" type="tel" inputMode="numeric" autoComplete="off" {...field('mobile_no')} />
          <DialogActions error={add.error?.message} onCancel={onClose} submitLabel="Add user" pendingLabel="Adding…" isPending={add.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
