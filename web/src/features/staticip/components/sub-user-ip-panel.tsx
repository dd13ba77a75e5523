import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { StaticIp } from '@shared/contracts/ips';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useNow } from '@/lib/use-now';
import { useAllocateIp, useDisallocateIp } from '../api/use-static-ip-actions';
import { useSubUserIps } from '../api/use-static-ip-reads';
import { isChangeBlocked, nextChangeText } from '../ip-facts';

interface SubUserIpPanelProps {
  subUserId: number;
  name: string;
}

/** One sub-user's IPs (Disallocate takes one back) and the caller's own that it could get (Allocate), under the 7-day rule. */
export function SubUserIpPanel({ subUserId, name }: SubUserIpPanelProps) {
  const ips = useSubUserIps(subUserId);
  const allocate = useAllocateIp();
  const disallocate = useDisallocateIp();
  const toast = useToast();
  const nowMs = useNow(60_000);
  const busy = allocate.isPending || disallocate.isPending;
  const failure = allocate.error ?? disallocate.error;

  const row = (ip: StaticIp, action: 'Allocate' | 'Disallocate') => {
    const blockedUntil = isChangeBlocked(ip.next_allocation_change_at, nowMs) ? ip.next_allocation_change_at : null;
    const run = action === 'Allocate' ? allocate : disallocate;
    const done = action === 'Allocate' ? `${ip.address} is allocated to ${name}.` : `${ip.address} is back with you.`;
    return (
      <Flex as="li" key={ip.ip_id} justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
        <Text>
          <strong>{ip.address}</strong> ({ip.version}
          {ip.label ? `, ${ip.label}` : ''}) · paid until {formatDisplayDate(ip.expires_at)}
          {blockedUntil ? ` · ${nextChangeText(blockedUntil)}` : ''}
        </Text>
        <Button
          size="small"
          aria-label={`${action} ${ip.address}`}
          isDisabled={busy || blockedUntil !== null}
          onClick={() => run.mutate({ ip_id: ip.ip_id, sub_user_id: subUserId }, { onSuccess: () => toast.success(done) })}
        >
          {action}
        </Button>
      </Flex>
    );
  };

  return (
    <Card variation="outlined" className="static-ip-sub-user">
      <Flex direction="column" gap="small">
        <Heading level={4}>{name}</Heading>
        {ips.isPending ? <LoadingState label="Loading the sub-user's IPs…" /> : null}
        {ips.isError ? <ErrorState message={ips.error.message} onRetry={() => void ips.refetch()} /> : null}
        {ips.data ? (
          <>
            <Text fontWeight="semibold">Holds</Text>
            {ips.data.items.length === 0 ? <Text variation="secondary">{name} holds no static IP.</Text> : null}
            <ul className="static-ip-list">{ips.data.items.map((ip) => row(ip, 'Disallocate'))}</ul>
            <Text fontWeight="semibold">Your IPs you can allocate</Text>
            {ips.data.allocatable.length === 0 ? <Text variation="secondary">You have no IP to allocate. Buy one above first.</Text> : null}
            <ul className="static-ip-list">{ips.data.allocatable.map((ip) => row(ip, 'Allocate'))}</ul>
          </>
        ) : null}
        {failure ? (
          <Alert variation="error" role="alert">
            {errorText(failure)}
          </Alert>
        ) : null}
      </Flex>
    </Card>
  );
}
