import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '../../../../../shared/contracts/broker';
import { formatDateTime } from '../../../lib/format/date-time';
import { formatMoney } from '../../../lib/format/money';

/**
 * Funds as the last refresh read them; positions and the order book come with the order path's calls
 * and are not shown (nor made up) before then.
 */
export function AccountTradingData({ account }: { account: BrokerAccount }) {
  return (
    <Card variation="outlined" as="section" aria-labelledby="account-trading-heading" className="account-trading">
      <Flex direction="column" gap="small">
        <Heading level={3} id="account-trading-heading">
          Funds, positions and orders
        </Heading>
        {account.funds ? (
          <dl className="account-facts">
            <div className="account-facts__row">
              <dt>Available</dt>
              <dd>{formatMoney(account.funds.available)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Used</dt>
              <dd>{formatMoney(account.funds.used)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Read at</dt>
              <dd>{formatDateTime(account.funds.updated_at)}</dd>
            </div>
          </dl>
        ) : (
          <Text variation="secondary">No funds read yet: refresh the account to read them from the broker.</Text>
        )}
        <Text variation="secondary">Positions and the order book for this account arrive with the order path; until then nothing is shown here.</Text>
      </Flex>
    </Card>
  );
}
