import { Flex, Loader } from '@aws-amplify/ui-react';

/** Spec §2: a spinner shows while a screen loads. */
export function PageLoader() {
  return (
    <Flex className="page-loader" justifyContent="center" alignItems="center" role="status" aria-label="Loading">
      <Loader size="large" />
    </Flex>
  );
}
