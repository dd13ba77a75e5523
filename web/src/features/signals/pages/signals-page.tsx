import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { RefreshButton } from '@/components/refresh/refresh-button';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useBridges } from '@/entities/custom-bridges/api/use-bridges';
import { SIGNAL_LOG_PARAMS } from '@/entities/signals/signal-log-link';
import { signalsOf, useSignals } from '../api/use-signals';
import { SignalDrawer } from '../components/signal-drawer';
import { SignalFiltersBar } from '../components/signal-filters-bar';
import { SignalsTable } from '../components/signals-table';
import { filtersOf, type SignalFilters } from '../signal-filters';
import { SIGNAL_POLL_MS } from '../signal-polling';
import '../signals.css';

/**
 * Spec §2 /bridge/signal: the caller's signals across bridges, newest first, filtered by bridge and
 * status and paged by cursor; a row opens its drawer. Filters and the open signal live in the URL.
 */
export function SignalsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const openId = search.get(SIGNAL_LOG_PARAMS.signal);
  const signals = useSignals(filters);
  const bridges = useBridges();
  const accounts = useBrokerAccounts();
  const loaded = signalsOf(signals.data?.pages);
  const open = loaded.find((signal) => signal.signal_id === openId) ?? null;
  const accountName = (brokerId: string) => accounts.data?.find((account) => account.broker_id === brokerId)?.broker_combined_name ?? brokerId;

  const setParams = (next: SignalFilters, signalId: string | null) => {
    const params = new URLSearchParams();
    if (next.bridgeId) params.set(SIGNAL_LOG_PARAMS.bridge, next.bridgeId);
    if (next.status) params.set('status', next.status);
    if (signalId) params.set(SIGNAL_LOG_PARAMS.signal, signalId);
    setSearch(params, { replace: true });
  };

  return (
    <Flex direction="column" gap="large" className="signals-page" data-drawer-open={open !== null}>
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Flex direction="column" gap="xxs">
          <Heading level={2}>Signal</Heading>
          <Text variation="secondary">What each webhook signal did. Queued signals are read again every {SIGNAL_POLL_MS / 1000} s.</Text>
        </Flex>
        <RefreshButton refetch={() => signals.refetch()} />
      </Flex>
      <SignalFiltersBar filters={filters} bridges={bridges.data ?? []} onChange={(next) => setParams(next, null)} />
      {signals.isPending ? <LoadingState label="Loading signals…" /> : null}
      {signals.isError && !signals.data ? <ErrorState message={signals.error.message} onRetry={() => void signals.refetch()} /> : null}
      {signals.data && loaded.length === 0 ? <Text variation="secondary">No signals{filters.bridgeId || filters.status ? ' match these filters' : ' yet'}.</Text> : null}
      {loaded.length > 0 ? <SignalsTable signals={loaded} openId={openId} onOpen={(signalId) => setParams(filters, signalId)} /> : null}
      {signals.hasNextPage ? (
        <Button alignSelf="flex-start" size="small" onClick={() => void signals.fetchNextPage()} isLoading={signals.isFetchingNextPage} loadingText="Loading…">
          Load older signals
        </Button>
      ) : null}
      {open ? <SignalDrawer signal={open} accountName={accountName} onClose={() => setParams(filters, null)} /> : null}
    </Flex>
  );
}
