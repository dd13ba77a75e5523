import { Alert, Flex } from '@aws-amplify/ui-react';
import { CopyableCode } from '@/components/copyable-code/copyable-code';
import { webhookUrlOf } from '../webhook-url';

/** A webhook URL just answered by the server, with its copy button and the warning that it is shown once. */
export function WebhookShownPanel({ webhookPath }: { webhookPath: string }) {
  return (
    <Flex direction="column" gap="small">
      <CopyableCode title="Webhook URL" code={webhookUrlOf(webhookPath)} />
      <Alert variation="warning" role="note" heading="Shown once">
        Copy it now and paste it into your alert sender. The server keeps only a fingerprint of the key: once you leave this visit the URL cannot be
        shown again, only replaced by resetting the key. Anyone who has it can send signals to this bridge.
      </Alert>
    </Flex>
  );
}
