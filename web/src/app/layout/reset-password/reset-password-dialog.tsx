import { Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { PasswordInput } from '@/components/password-input';
import { EMPTY_RESET_PASSWORD, validateResetPassword, type ResetPasswordErrors, type ResetPasswordValues } from './reset-password-rules';
import { useResetPassword } from './use-reset-password';

/** Old, new and confirm password (spec §5); everything is disabled while the change is on its way. */
export function ResetPasswordDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<ResetPasswordValues>(EMPTY_RESET_PASSWORD);
  const [errors, setErrors] = useState<ResetPasswordErrors>({});
  const resetPassword = useResetPassword(onClose);
  const isSubmitting = resetPassword.isPending;

  const update = (field: keyof ResetPasswordValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateResetPassword(values);
    setErrors(found);
    if (Object.keys(found).length === 0) resetPassword.mutate(values);
  };

  return (
    <ModalDialog title="Reset Password" onClose={onClose} canClose={!isSubmitting}>
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Flex direction="column" gap="medium">
          <PasswordInput
            label="Old password"
            name="old_password"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={update('oldPassword')}
            errorMessage={errors.oldPassword}
            isDisabled={isSubmitting}
          />
          <PasswordInput
            label="New password"
            name="new_password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={update('newPassword')}
            errorMessage={errors.newPassword}
            isDisabled={isSubmitting}
            canReveal
          />
          <PasswordInput
            label="Confirm password"
            name="confirm_password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={update('confirmPassword')}
            errorMessage={errors.confirmPassword}
            isDisabled={isSubmitting}
            canReveal
          />
          <DialogActions onCancel={onClose} submitLabel="Reset Password" pendingLabel="Saving…" isPending={isSubmitting} isDisabled={isSubmitting} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
