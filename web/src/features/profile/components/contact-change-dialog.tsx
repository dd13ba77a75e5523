import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@shared/domain/otp';
import { ModalDialog } from '@/components/modal-dialog';
import { otpStateOfFailure } from '@/lib/otp-flow-state';
import { useRefreshProfile } from '../api/use-update-profile';
import { otpProblem, type ContactChange } from '../contact-changes';

interface ContactChangeDialogProps {
  change: ContactChange;
  onDone: (notice: string) => void;
  onClose: () => void;
}

/**
 * The OTP dialog of a contact change (spec §4 states): request a code for the new value, then confirm
 * with it. A value already in use ('mobile-used') and wrong or expired codes show the server's message.
 */
export function ContactChangeDialog({ change, onDone, onClose }: ContactChangeDialogProps) {
  const refreshProfile = useRefreshProfile();
  const [value, setValue] = useState('');
  const [otp, setOtp] = useState('');
  const [problems, setProblems] = useState<{ value?: string | undefined; otp?: string | undefined }>({});
  const requestCode = useMutation({ mutationFn: change.requestCode });
  const confirm = useMutation({
    mutationFn: ({ newValue, code }: { newValue: string; code: string }) => change.confirm(newValue, code),
    onSuccess: async (answer) => {
      await refreshProfile(answer.user);
      onDone(change.doneNotice);
    },
  });
  const [codeSent, setCodeSent] = useState(false);
  const isBusy = requestCode.isPending || confirm.isPending;
  const failure = confirm.error ?? requestCode.error;
  const otpState = failure ? otpStateOfFailure(failure) : codeSent ? 'otp' : null;

  const sendCode = () => {
    const valueProblem = change.valueProblem(value);
    setProblems({ value: valueProblem });
    if (valueProblem) return;
    confirm.reset();
    requestCode.mutate(value, { onSuccess: () => setCodeSent(true) });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!codeSent) {
      sendCode();
      return;
    }
    const codeProblem = otpProblem(otp);
    setProblems({ otp: codeProblem });
    if (!codeProblem) confirm.mutate({ newValue: value, code: otp });
  };

  return (
    <ModalDialog title={change.title} onClose={onClose} canClose={!isBusy}>
      <form onSubmit={submit} noValidate aria-label={change.title} data-otp-state={otpState ?? undefined}>
        <Flex direction="column" gap="medium">
          {failure ? (
            <Alert variation="error" role="alert">
              {failure.message}
            </Alert>
          ) : codeSent ? (
            <Alert variation="info" role="status">
              {change.codeSentNotice}
            </Alert>
          ) : null}
          <TextField
            label={change.label}
            type={change.inputType}
            autoComplete={change.autoComplete}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hasError={Boolean(problems.value)}
            errorMessage={problems.value}
            isDisabled={isBusy || codeSent}
          />
          {codeSent ? (
            <TextField
              label="OTP"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              hasError={Boolean(problems.otp)}
              errorMessage={problems.otp}
              isDisabled={isBusy}
            />
          ) : null}
          <Flex gap="small" justifyContent="flex-end" wrap="wrap">
            {codeSent ? (
              <Button
                variation={otpState === 'otp-expired' ? 'primary' : 'link'}
                onClick={sendCode}
                isDisabled={isBusy}
              >
                Send a new code
              </Button>
            ) : null}
            <Button onClick={onClose} isDisabled={isBusy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variation="primary"
              isLoading={isBusy}
              loadingText={codeSent ? 'Confirming…' : 'Sending code…'}
              isDisabled={isBusy}
            >
              {codeSent ? 'Confirm' : 'Send code'}
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
