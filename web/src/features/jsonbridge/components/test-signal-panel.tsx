import { Alert, Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/lib/error-text';
import { isWebhookUrlOf, useSendTestSignal } from '../api/use-send-test-signal';
import { rememberedWebhookUrl } from '../webhook-url';

interface TestSignalPanelProps {
  bridgeId: string;
  /** The order to send, with sample values in place of placeholders (TradingView fills those). */
  json: string;
  isSendable: boolean;
}

/**
 * Sends the order to the bridge's webhook as a test. The key is never kept by the browser, so the URL
 * is the one shown when the bridge or its key was made this session, or one the user pastes.
 */
export function TestSignalPanel({ bridgeId, json, isSendable }: TestSignalPanelProps) {
  const [url, setUrl] = useState(() => rememberedWebhookUrl(bridgeId));
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendTestSignal();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWebhookUrlOf(url, bridgeId)) {
      setProblem("Paste this bridge's webhook URL (shown when the bridge or its key was made).");
      return;
    }
    setProblem(null);
    send.mutate({ url, json });
  };

  const answer = send.data;
  return (
    <form onSubmit={submit} noValidate aria-label="Send test signal" className="test-signal">
      <Flex direction="column" gap="small">
        <Heading level={3}>Send a test signal</Heading>
        <Text variation="secondary" fontSize="small">
          The signal is real: with the bridge connected and trading on, it places the order in its order group.
        </Text>
        <TextField label="Webhook URL" name="webhook_url" value={url} onChange={(event) => setUrl(event.target.value)} hasError={problem !== null} errorMessage={problem} autoComplete="off" />
        <Flex justifyContent="flex-end">
          <Button type="submit" isLoading={send.isPending} loadingText="Sending…" isDisabled={!isSendable}>
            Send test signal
          </Button>
        </Flex>
        {send.error ? (
          <Alert variation="error" role="alert">
            {errorText(send.error)}
          </Alert>
        ) : null}
        {answer ? (
          <Alert variation={answer.status === 202 ? 'success' : 'error'} role="status" heading={`HTTP ${answer.status}`} data-testid="test-signal-answer">
            <pre className="syntax-output__json">{answer.body}</pre>
          </Alert>
        ) : null}
      </Flex>
    </form>
  );
}
