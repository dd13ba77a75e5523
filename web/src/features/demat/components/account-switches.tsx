import { Flex } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { ACCOUNT_SWITCH_NAMES } from '../account-switches';
import { AccountSwitchControl } from './account-switch-control';

/** The trading and auto-renew switches of one account, labelled. */
export function AccountSwitches({ account, direction = 'column' }: { account: BrokerAccount; direction?: 'row' | 'column' }) {
  return (
    <Flex direction={direction} gap="xs" className="account-switches">
      {ACCOUNT_SWITCH_NAMES.map((name) => (
        <AccountSwitchControl key={name} account={account} name={name} />
      ))}
    </Flex>
  );
}
