import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useConnectMaster } from '../api/use-connect-master';
import { useDisconnectMaster } from '../api/use-disconnect-master';
import { masterCandidates } from '../group-accounts';
import { MasterLabel } from './master-label';

interface MasterControlProps {
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
}

/**
 * The group's master: the account whose own orders are mirrored to the children. Shows it with
 * Disconnect, or offers the user's connected accounts that are not children to connect one.
 */
export function MasterControl({ group, childAccounts, accounts }: MasterControlProps) {
  const connect = useConnectMaster();
  const disconnect = useDisconnectMaster();
  const toast = useToast();
  const candidates = masterCandidates(accounts, childAccounts);
  const [chosen, setChosen] = useState('');
  const brokerId = chosen || candidates[0]?.broker_id || '';
  const onError = (error: Error) => toast.error(errorText(error));

  if (group.master) {
    return (
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Text>
          Master: <MasterLabel group={group} />
        </Text>
        <Button
          size="small"
          isLoading={disconnect.isPending}
          loadingText="Disconnecting…"
          onClick={() => disconnect.mutate(group.grp_id, { onSuccess: () => toast.success('Master disconnected: its orders are no longer copied.'), onError })}
        >
          Disconnect master
        </Button>
      </Flex>
    );
  }
  if (candidates.length === 0) {
    return <Text variation="secondary">No master. Connect a broker account (not one of the group's) to copy its orders to the group.</Text>;
  }
  return (
    <Flex alignItems="flex-end" gap="small" wrap="wrap">
      <SelectField label="Master account" value={brokerId} onChange={(event) => setChosen(event.target.value)} isDisabled={connect.isPending} descriptiveText="Its own orders are copied to the group's accounts.">
        {candidates.map((account) => (
          <option key={account.broker_id} value={account.broker_id}>
            {account.broker_combined_name}
          </option>
        ))}
      </SelectField>
      <Button
        isLoading={connect.isPending}
        loadingText="Connecting…"
        onClick={() => connect.mutate({ grpId: group.grp_id, brokerId }, { onSuccess: (updated) => toast.success(`${updated.master?.broker_combined_name ?? 'The account'} is now the master.`), onError })}
      >
        Connect master
      </Button>
    </Flex>
  );
}
