import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import type { StaticIp } from '@shared/contracts/ips';
import { errorText } from '@/lib/error-text';
import { useCheckEgress } from '../api/use-static-ip-actions';

/** Asks the egress proxy which address a test call from this IP leaves from, so the user sees what the broker will see. */
export function EgressCheck({ ip }: { ip: StaticIp }) {
  const check = useCheckEgress();
  const seen = check.data;
  return (
    <Flex direction="column" gap="xs" alignItems="flex-start">
      <Button size="small" onClick={() => check.mutate(ip.ip_id)} isLoading={check.isPending} loadingText="Checking…">
        Check egress
      </Button>
      {seen?.matches ? (
        <Alert variation="success" role="status">
          Orders leave from {seen.address_seen} ✓
        </Alert>
      ) : null}
      {seen && !seen.matches ? (
        <Alert variation="warning" role="alert">
          Orders leave from {seen.address_seen}, not {seen.expected}. Your broker would refuse them; please contact support.
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert variation="error" role="alert">
          {errorText(check.error)}
        </Alert>
      ) : null}
    </Flex>
  );
}
