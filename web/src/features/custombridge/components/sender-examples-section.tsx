import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { CopyableCode } from '@/components/copyable-code/copyable-code';
import { senderExamples } from '../webhook-examples';

/** What a sender's alerts do with the bridge's triggers, beyond its set-up (by `SenderExamples.sender`). */
const SENDER_NOTES: Readonly<Record<string, string>> = {
  ChartInk: "A trigger set to the alert's symbols trades each stock the scan names, with the trigger's template; a trigger with a fixed symbol trades that symbol whatever the scan found.",
};

/** Ready-to-paste alert set-ups for TradingView, ChartInk and Amibroker. */
export function SenderExamplesSection({ webhookUrl }: { webhookUrl: string }) {
  return (
    <Flex as="section" direction="column" gap="medium" aria-labelledby="sender-examples-heading" className="sender-examples">
      <Heading level={3} id="sender-examples-heading">
        Sending signals
      </Heading>
      {senderExamples(webhookUrl).map((sender) => (
        <Flex key={sender.sender} as="section" direction="column" gap="small" aria-label={sender.sender} className="sender-examples__sender">
          <Heading level={4}>{sender.sender}</Heading>
          <Text fontSize="small">{sender.intro}</Text>
          {SENDER_NOTES[sender.sender] ? <Text fontSize="small">{SENDER_NOTES[sender.sender]}</Text> : null}
          {sender.examples.map((example) => (
            <Flex key={example.title} direction="column" gap="xxs">
              <Text variation="secondary" fontSize="small">
                {example.where}
              </Text>
              <CopyableCode title={example.title} code={example.code} isBlock={example.code.includes('\n') || example.code.length > 60} />
            </Flex>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
