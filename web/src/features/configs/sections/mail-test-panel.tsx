import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { errorText } from '@/lib/error-text';
import { useSendTestMail } from '../api/use-send-test-mail';

/**
 * "Send test mail": one mail through the SAVED mail server settings (switched on or not yet), to the
 * signed-in user's own email unless another address is typed; shows the server's answer, or its refusal
 * in its own words (e.g. "535 Authentication failed").
 */
export function MailTestPanel({ saved }: { saved: boolean }) {
  const profile = useUserProfile();
  const send = useSendTestMail();
  const [typed, setTyped] = useState<string | null>(null);
  const to = typed ?? profile.data?.email ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saved || send.isPending) return;
    send.mutate(to.trim() ? { to: to.trim() } : {});
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Send a test mail">
      <Flex direction="column" gap="small" className="configs-page__test-mail">
        <Text fontWeight="bold">Send a test mail</Text>
        <Text variation="secondary" fontSize="small">
          {saved ? 'It goes through the saved settings: save your changes first.' : 'Save the settings first, then send a test mail.'}
        </Text>
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label="Send it to"
            name="test_mail_to"
            type="email"
            autoComplete="email"
            value={to}
            onChange={(event) => {
              setTyped(event.target.value);
              send.reset();
            }}
            isDisabled={!saved || send.isPending}
          />
          <Button type="submit" isDisabled={!saved || send.isPending} isLoading={send.isPending} loadingText="Sending…">
            Send test mail
          </Button>
        </Flex>
        {send.isSuccess ? (
          <Alert variation="success" role="status">
            Test mail sent to {send.data.to} through {send.data.server}. The mail server answered: {send.data.server_answer || 'OK'}
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert variation="error" role="alert">
            {errorText(send.error)}
          </Alert>
        ) : null}
      </Flex>
    </form>
  );
}
