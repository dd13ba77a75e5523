import { Alert, Button, Flex } from '@aws-amplify/ui-react';

/** A failed section: the error's message (spec §8 texts come from the API client) and a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Flex direction="column" alignItems="flex-start" gap="small">
      <Alert variation="error" role="alert">
        {message}
      </Alert>
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </Flex>
  );
}
