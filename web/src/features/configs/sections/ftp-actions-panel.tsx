import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { DateField } from '@/components/date-field';
import { errorText } from '@/lib/error-text';
import { isPayloadDate, payloadToDisplayDate } from '@/lib/format/calendar-date';
import { formatPayloadDate } from '@/lib/format/date-time';
import { useSendFtpExportNow, useTestFtpConnection } from '../api/use-ftp-export';

/**
 * "Test connection" and "Send now", both with the SAVED settings: the connection test shows the server's
 * own words when it fails; "Send now" sends one day's three files (today unless another day is picked)
 * and says how it went (the run also shows in the history below).
 */
export function FtpActionsPanel({ saved }: { saved: boolean }) {
  const test = useTestFtpConnection();
  const send = useSendFtpExportNow();
  const today = formatPayloadDate(new Date());
  const [day, setDay] = useState(today);
  const busy = test.isPending || send.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saved || busy || !isPayloadDate(day)) return;
    send.mutate(day);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Try the file transfer">
      <Flex direction="column" gap="small">
        <Text fontWeight="bold">Try it</Text>
        <Text variation="secondary" fontSize="small">
          {saved ? 'Both use the saved settings: save your changes first.' : 'Save the settings first, then test the connection.'}
        </Text>
        <Flex>
          <Button onClick={() => test.mutate()} isDisabled={!saved || busy} isLoading={test.isPending} loadingText="Connecting…">
            Test connection
          </Button>
        </Flex>
        {test.isSuccess && test.data.connected ? (
          <Alert variation="success" role="status">
            <Text>Connected. The folder {test.data.remote_folder ? `"${test.data.remote_folder}"` : 'you log in to'} is ready for the files.</Text>
            {test.data.host_fingerprint ? <Text>The server&apos;s key is {test.data.host_fingerprint}: save it as the server key so that another server is refused.</Text> : null}
          </Alert>
        ) : null}
        {test.isSuccess && !test.data.connected ? (
          <Alert variation="error" role="alert">
            Could not connect. The server said: {test.data.error}
          </Alert>
        ) : null}
        {test.isError ? (
          <Alert variation="error" role="alert">
            {errorText(test.error)}
          </Alert>
        ) : null}
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <DateField label="Day to send" name="export_day" value={day} max={today} onChange={setDay} isDisabled={!saved || busy} errorMessage={day !== '' && !isPayloadDate(day) ? 'Enter the day as dd-mm-yyyy.' : undefined} />
          <Button type="submit" isDisabled={!saved || busy || !isPayloadDate(day)} isLoading={send.isPending} loadingText="Sending…">
            Send now
          </Button>
        </Flex>
        {send.isSuccess ? (
          <Alert variation={send.data.status === 'succeeded' ? 'success' : 'error'} role={send.data.status === 'succeeded' ? 'status' : 'alert'}>
            {send.data.status === 'succeeded'
              ? `The export of ${payloadToDisplayDate(send.data.day)} was sent: ${send.data.files.map((file) => `${file.name} (${file.rows} rows)`).join(', ')}.`
              : `The export of ${payloadToDisplayDate(send.data.day)} failed after ${send.data.attempts} ${send.data.attempts === 1 ? 'try' : 'tries'}: ${send.data.error ?? ''}`}
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
