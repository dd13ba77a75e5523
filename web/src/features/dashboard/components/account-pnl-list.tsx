import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { AccountNotRead, AccountPnl } from '@shared/contracts/dashboard';
import { paths, pathTo } from '@/config/paths';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatMoneyExact } from '@/lib/format/money';
import { formatCount } from '@/lib/format/number';
import { MoneyFigures } from './money-figures';

const accountPath = (brokerId: string) => pathTo(paths.dematAccount, { broker_id: brokerId });

function AccountCard({ account }: { account: AccountPnl }) {
  return (
    <Card as="li" variation="outlined" className="account-pnl" aria-label={account.broker_combined_name}>
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
          <Link className="amplify-link account-pnl__name" to={accountPath(account.broker_id)}>
            {account.broker_combined_name}
          </Link>
          <Text as="span" className="account-pnl__total" data-testid="account-total">
            <PnlValue amount={account.total_pnl} />
          </Text>
        </Flex>
        <MoneyFigures
          label={`${account.broker_combined_name}: today's figures`}
          figures={[
            { label: 'Realised', value: <PnlValue amount={account.realised_pnl} /> },
            { label: 'Unrealised', value: <PnlValue amount={account.unrealised_pnl} /> },
            { label: 'Margin used', value: formatMoneyExact(account.margin_used) },
            { label: 'Available', value: formatMoneyExact(account.margin_available) },
            { label: 'Open positions', value: formatCount(account.open_positions) },
          ]}
        />
      </Flex>
    </Card>
  );
}

function NotReadCard({ account }: { account: AccountNotRead }) {
  return (
    <Card as="li" variation="outlined" className="account-pnl account-pnl--not-read" aria-label={account.broker_combined_name}>
      <Flex direction="column" gap="xs">
        <Link className="amplify-link account-pnl__name" to={accountPath(account.broker_id)}>
          {account.broker_combined_name}
        </Link>
        <Text fontSize="small" variation="warning">
          Not in the totals: {account.reason}
        </Text>
      </Flex>
    </Card>
  );
}

/** Each connected account's day, linking to its page; accounts whose broker could not be read say why. */
export function AccountPnlList({ accounts, notRead }: { accounts: readonly AccountPnl[]; notRead: readonly AccountNotRead[] }) {
  if (accounts.length + notRead.length === 0) return null;
  return (
    <ul className="account-pnl-list" aria-label="P&L by account">
      {accounts.map((account) => (
        <AccountCard key={account.broker_id} account={account} />
      ))}
      {notRead.map((account) => (
        <NotReadCard key={account.broker_id} account={account} />
      ))}
    </ul>
  );
}
