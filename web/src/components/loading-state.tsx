import { Flex, Loader, Text } from '@aws-amplify/ui-react';

/** Inline loading indicator for a section whose data is on its way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Flex alignItems="center" gap="small" role="status">
      <Loader />
      <Text>{label}</Text>
    </Flex>
  );
}
