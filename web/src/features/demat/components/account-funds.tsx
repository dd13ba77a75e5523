import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { AccountFunds as LiveFunds } from '@shared/contracts/broker-trading';
import { errorText } from '@/lib/error-text';
import { ageText } from '@/lib/format/age';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import { useNow } from '@/lib/use-now';
import { useAccountFunds } from '../api/use-account-funds';
import type { AccountActionTools } from '../hooks/use-account-action-tools';

/** How often the shown age ("read 2 min ago") moves on. */
const AGE_TICK_MS = 15_000;

/** The newer of the live read and the funds the last Refresh stored on the account. */
function latestFunds(live: LiveFunds | undefined, stored: BrokerAccount['funds']): LiveFunds | null {
  const fromStore = stored ? { available: stored.available, used: stored.used, read_at: stored.updated_at } : null;
  if (!live) return fromStore;
  if (!fromStore) return live;
  return Date.parse(fromStore.read_at) > Date.parse(live.read_at) ? fromStore : live;
}

/**
 * The account's funds, read from the broker again after each of its orders and every half minute while
 * the page is open (a connected account), with when they were read and how long ago; Refresh funds also
 * checks the session.
 */
export function AccountFunds({ account, tools }: { account: BrokerAccount; tools: AccountActionTools }) {
  const isConnected = account.status === 'connected';
  const live = useAccountFunds(account.broker_id, isConnected);
  const isReading = isConnected && live.isPending;
  const now = useNow(AGE_TICK_MS);
  const funds = latestFunds(live.data, account.funds);
  const isRefreshing = tools.busyAccountId === account.broker_id;
  return (
    <Card variation="outlined" as="section" aria-labelledby="account-funds-heading" aria-busy={live.isFetching} className="account-funds">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={3} id="account-funds-heading">
            Funds
          </Heading>
          <Button size="small" onClick={() => tools.refresh(account)} isLoading={isRefreshing} loadingText="Refreshing…" isDisabled={isRefreshing}>
            Refresh funds
          </Button>
        </Flex>
        {funds ? (
          <dl className="account-facts">
            <div className="account-facts__row">
              <dt>Available</dt>
              <dd data-testid="funds-available">{formatMoney(funds.available)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Used</dt>
              <dd data-testid="funds-used">{formatMoney(funds.used)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Read at</dt>
              <dd>
                {formatDateTime(funds.read_at)} <span data-testid="funds-age">({ageText(funds.read_at, now)})</span>
              </dd>
            </div>
          </dl>
        ) : null}
        {!funds && !isReading ? <Text variation="secondary">No funds read yet: press Refresh funds to read them from the broker.</Text> : null}
        {!funds && isReading ? <Text variation="secondary">Reading the funds from the broker…</Text> : null}
        {live.isError ? (
          <Text variation="warning" fontSize="small">
            The funds could not be read just now: {errorText(live.error)}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
