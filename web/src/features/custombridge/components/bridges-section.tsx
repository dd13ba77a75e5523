import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Bridge } from '@shared/contracts/bridge';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { RefreshButton } from '@/components/refresh/refresh-button';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useViewMode } from '@/components/view-mode/use-view-mode';
import type { ViewMode } from '@/components/view-mode/view-mode';
import { ViewModeToggle } from '@/components/view-mode/view-mode-toggle';
import { useBridges } from '@/entities/custom-bridges/api/use-bridges';
import { BridgeCards } from './bridge-cards';
import { BridgeTable } from './bridge-table';

type BridgesView = (props: { bridges: readonly Bridge[]; dialogs: DialogSlot }) => ReactNode;

const BRIDGE_VIEWS: Readonly<Record<ViewMode, BridgesView>> = { card: BridgeCards, table: BridgeTable };

/** "Your bridges": the list as cards or a table (the same choice as the Demat accounts'), or how to start. */
export function BridgesSection({ dialogs }: { dialogs: DialogSlot }) {
  const bridges = useBridges();
  const [viewMode, setViewMode] = useViewMode();
  const BridgesView = BRIDGE_VIEWS[viewMode];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="bridges-heading">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={3} id="bridges-heading">
          Your bridges
        </Heading>
        <Flex gap="small" alignItems="center" wrap="wrap">
          <RefreshButton refetch={() => bridges.refetch()} />
          <ViewModeToggle mode={viewMode} onChange={setViewMode} />
        </Flex>
      </Flex>
      {bridges.isPending ? <LoadingState label="Loading your bridges…" /> : null}
      {bridges.isError && !bridges.data ? <ErrorState message={bridges.error.message} onRetry={() => void bridges.refetch()} /> : null}
      {bridges.data?.length === 0 ? (
        <Text variation="secondary">
          No bridges yet. Add one above: you get a webhook URL to paste into TradingView, ChartInk or Amibroker, then add the triggers that say what an UP
          or DOWN signal places.
        </Text>
      ) : null}
      {bridges.data && bridges.data.length > 0 ? <BridgesView bridges={bridges.data} dialogs={dialogs} /> : null}
    </Flex>
  );
}
