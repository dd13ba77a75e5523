import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { CopyableCode } from '@/components/copyable-code/copyable-code';
import { nodeSnippet, pythonSnippet, SECRET_VARIABLE_NAME, SIGNATURE_HEADER_FORMAT, SIGNATURE_TOLERANCE_TEXT } from '../signing-snippets';

interface SigningSecretShownProps {
  secret: string;
  webhookUrl: string;
  sampleBody: string;
}

/** A signing secret just made: shown this once with its copy button, the header format and code that signs with it. */
export function SigningSecretShown({ secret, webhookUrl, sampleBody }: SigningSecretShownProps) {
  return (
    <Flex as="section" direction="column" gap="small" className="signing-secret" aria-label="New signing secret">
      <Alert variation="warning" role="note" heading="Shown once">
        Copy the secret now and keep it with your sender (e.g. in {SECRET_VARIABLE_NAME}). It is stored sealed and cannot be shown again; rotate it to get a
        new one. Requests signed with an older secret are refused from now on.
      </Alert>
      <CopyableCode title="Signing secret" code={secret} />
      <CopyableCode title="Signature header" code={SIGNATURE_HEADER_FORMAT} />
      <Text variation="secondary" fontSize="small">
        {SIGNATURE_TOLERANCE_TEXT} TradingView cannot sign: leave signing off for TradingView alerts and use the address allowlist instead.
      </Text>
      <CopyableCode title="Node.js signing example" code={nodeSnippet(webhookUrl, sampleBody)} isBlock />
      <CopyableCode title="Python signing example" code={pythonSnippet(webhookUrl, sampleBody)} isBlock />
    </Flex>
  );
}
