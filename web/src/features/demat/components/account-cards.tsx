import { Grid } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountCard } from './account-card';

/** The user's accounts as a grid of cards. */
export function AccountCards({ accounts, tools }: { accounts: readonly BrokerAccount[]; tools: AccountActionTools }) {
  return (
    <Grid className="account-cards" gap="medium">
      {accounts.map((account) => (
        <AccountCard key={account.broker_id} account={account} tools={tools} />
      ))}
    </Grid>
  );
}
