import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useCopyText } from '../hooks/use-copy-text';
import type { OrderProblem } from '../syntax/syntax-order';

/** The generated JSON, ready to paste into the alert's message, with its copy button and what the webhook would refuse. */
export function SyntaxOutput({ json, problems, usesPlaceholders }: { json: string; problems: readonly OrderProblem[]; usesPlaceholders: boolean }) {
  const copy = useCopyText();
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="syntax-json-heading" className="syntax-output">
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Heading level={3} id="syntax-json-heading">
          Alert message
        </Heading>
        <Button size="small" variation="primary" onClick={() => copy(json)}>
          Copy JSON
        </Button>
      </Flex>
      <pre className="syntax-output__json" data-testid="syntax-json" tabIndex={0}>
        {json}
      </pre>
      {problems.length === 0 ? (
        <Alert variation="success" role="status">
          The webhook accepts this order{usesPlaceholders ? ' (placeholders checked with sample values)' : ''}.
        </Alert>
      ) : (
        <Alert variation="error" role="alert" heading="The webhook would refuse this order">
          <ul className="syntax-output__problems" aria-label="Problems">
            {problems.map((problem) => (
              <li key={`${problem.field}-${problem.message}`}>
                <Text as="span" fontWeight="semibold">
                  {problem.field}
                </Text>
                : {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </Flex>
  );
}
