import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useMemo } from 'react';
import { MAX_WATCHLIST_ENTRIES } from '@shared/contracts/watchlist';
import { useToast } from '@/components/toast/use-toast';
import { useOptionChainDialog } from '@/entities/option-chain/hooks/use-option-chain-dialog';
import { useOrderTicket } from '@/entities/order-ticket/hooks/use-order-ticket';
import { usePriceChart } from '@/entities/price-chart/hooks/use-price-chart';
import { errorText } from '@/lib/error-text';
import { useAddToWatchlist } from '../api/use-add-to-watchlist';
import { useRemoveFromWatchlist } from '../api/use-remove-from-watchlist';
import { useWatchlist } from '../api/use-watchlist';
import { ScriptSearch } from '../components/script-search';
import { WatchlistSection } from '../components/watchlist-section';
import '../watchlist.css';

/** Spec §2 /watchlist: find scripts and follow their live prices. */
export function WatchListPage() {
  const watchlist = useWatchlist();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const toast = useToast();
  const orderTicket = useOrderTicket();
  const optionChain = useOptionChainDialog();
  const priceChart = usePriceChart();
  const watchedScriptIds = useMemo(() => new Set(watchlist.data?.map((entry) => entry.script_id)), [watchlist.data]);

  return (
    <Flex direction="column" gap="large" className="watchlist-page">
      <Flex direction="column" gap="xxs">
        <Heading level={2}>Watch List</Heading>
        <Text variation="secondary">
          Up to {MAX_WATCHLIST_ENTRIES} scripts. Trade opens the order ticket for a script, listed or found.
        </Text>
      </Flex>
      <ScriptSearch
        watchedScriptIds={watchedScriptIds}
        addingScriptId={add.isPending ? add.variables : null}
        onAdd={(script) =>
          add.mutate(script.script_id, {
            onSuccess: () => toast.success(`${script.display_name} added to your watch list.`),
            onError: (error) => toast.error(errorText(error)),
          })
        }
        onTrade={(script) => orderTicket.open({ script })}
        onOpenChain={optionChain.open}
      />
      <WatchlistSection
        watchlist={watchlist}
        tools={{
          removingId: remove.isPending ? remove.variables : null,
          trade: (entry) => orderTicket.open({ script: entry, target: { via: 'watchlist', watchlistId: entry.watchlist_id }, ltpHint: entry.ltp }),
          chart: priceChart.open,
          chain: optionChain.open,
          remove: (entry) =>
            remove.mutate(entry.watchlist_id, {
              onSuccess: () => toast.success(`${entry.display_name} removed from your watch list.`),
              onError: (error) => toast.error(errorText(error)),
            }),
        }}
      />
      {orderTicket.ticket}
      {optionChain.dialog}
      {priceChart.chart}
    </Flex>
  );
}
