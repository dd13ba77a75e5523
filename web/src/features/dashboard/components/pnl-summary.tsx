import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { DashboardPnl } from '@shared/contracts/dashboard';
import { paths } from '@/config/paths';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatMoneyExact } from '@/lib/format/money';
import { AccountPnlList } from './account-pnl-list';
import { MoneyFigures } from './money-figures';

/** The day at a glance: today's P&L over every connected account, margin, and each account's share. */
export function PnlSummary({ pnl }: { pnl: DashboardPnl }) {
  const nothingRead = pnl.accounts.length === 0;
  return (
    <Card as="section" variation="outlined" className="pnl-summary" aria-label="Today's P&L">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
          <Heading level={3} className="figure-card__title">
            Today&apos;s P&amp;L
          </Heading>
          <Link className="amplify-link figure-card__link" to={paths.demat}>
            Positions by account
          </Link>
        </Flex>
        <Text as="div" className="pnl-summary__total" data-testid="pnl-total">
          <PnlValue amount={pnl.total_pnl} />
        </Text>
        {nothingRead ? (
          <Text variation="secondary" fontSize="small">
            {pnl.accounts_not_read.length === 0 ? 'Connect a broker account to see your P&L here.' : 'No account could be read just now.'}
          </Text>
        ) : null}
        <MoneyFigures
          label="Today's totals"
          figures={[
            { label: 'Realised', value: <PnlValue amount={pnl.realised_pnl} /> },
            { label: 'Unrealised', value: <PnlValue amount={pnl.unrealised_pnl} /> },
            { label: 'Margin used', value: formatMoneyExact(pnl.margin_used) },
            { label: 'Margin available', value: formatMoneyExact(pnl.margin_available) },
          ]}
        />
        <AccountPnlList accounts={pnl.accounts} notRead={pnl.accounts_not_read} />
      </Flex>
    </Card>
  );
}
