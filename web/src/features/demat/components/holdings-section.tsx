import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { useAccountHoldings } from '../api/use-account-holdings';
import { HoldingsTable } from './holdings-table';

/** The account's delivery holdings (shares in the demat account, kept across days) with their totals. */
export function HoldingsSection({ brokerId }: { brokerId: string }) {
  const holdings = useAccountHoldings(brokerId);
  const rows = holdings.data?.holdings ?? [];
  const totals = holdings.data?.totals;
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="holdings-heading" className="live-section">
      <Flex justifyContent="space-between" alignItems="baseline" gap="small" wrap="wrap">
        <Heading level={3} id="holdings-heading">
          Holdings
        </Heading>
        {holdings.data ? (
          <Text variation="secondary" fontSize="small">
            Read at {formatTime(holdings.data.read_at)}
          </Text>
        ) : null}
      </Flex>
      {holdings.isPending ? <LoadingState label="Reading holdings from the broker…" /> : null}
      {holdings.isError && !holdings.data ? <ErrorState message={holdings.error.message} onRetry={() => void holdings.refetch()} /> : null}
      {holdings.data && rows.length === 0 ? (
        <Text variation="secondary">No holdings yet. Shares bought as DELIVERY move here the trading day after you buy them.</Text>
      ) : null}
      {totals && rows.length > 0 ? (
        <>
          <Flex gap="large" wrap="wrap" className="live-section__totals" aria-label="Holdings totals">
            <Text>Invested {formatMoneyExact(totals.invested)}</Text>
            <Text>Current value {formatMoneyExact(totals.current_value)}</Text>
            <Text fontWeight="semibold">
              P&L <PnlValue amount={totals.pnl} />
            </Text>
            <Text>
              Day change <PnlValue amount={totals.day_change} />
            </Text>
          </Flex>
          <HoldingsTable holdings={rows} />
        </>
      ) : null}
    </Flex>
  );
}
