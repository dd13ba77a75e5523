import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useMyStaticIps } from '../api/use-static-ip-reads';
import { holderAccounts } from '../ip-facts';
import { StaticIpCard } from './static-ip-card';

/** "My IPs": the caller's addresses as cards, and its accounts that still trade without one. */
export function MyIpsSection({ dialogs }: { dialogs: DialogSlot }) {
  const mine = useMyStaticIps();
  const data = mine.data;
  const brokerAccounts = useBrokerAccounts();
  const accounts = holderAccounts(brokerAccounts.data ?? []);
  const withoutIp = data?.accounts_without_ip.filter((account) => account.broker !== 'paper') ?? [];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="my-ips-heading">
      <Heading level={3} id="my-ips-heading">
        My IPs
      </Heading>
      {mine.isPending ? <LoadingState label="Loading your IPs…" /> : null}
      {mine.isError ? <ErrorState message={mine.error.message} onRetry={() => void mine.refetch()} /> : null}
      {data?.items.length === 0 ? <Text variation="secondary">You have no static IP yet.</Text> : null}
      {data && data.items.length > 0 ? (
        <div className="static-ip-cards">
          {data.items.map((ip) => (
            <StaticIpCard key={ip.ip_id} ip={ip} accounts={accounts} dialogs={dialogs} />
          ))}
        </div>
      ) : null}
      {withoutIp.length > 0 ? (
        <Text role="note" className="static-ip-without">
          Without a static IP (your broker may refuse their automated orders): {withoutIp.map((account) => account.broker_combined_name).join(', ')}.
        </Text>
      ) : null}
    </Flex>
  );
}
