import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Group } from '@shared/contracts/groups';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useViewMode } from '@/components/view-mode/use-view-mode';
import type { ViewMode } from '@/components/view-mode/view-mode';
import { ViewModeToggle } from '@/components/view-mode/view-mode-toggle';
import { useGroups } from '../api/use-groups';
import { GroupCards } from './group-cards';
import { GroupTable } from './group-table';

type GroupsView = (props: { groups: readonly Group[]; dialogs: DialogSlot }) => ReactNode;

const GROUP_VIEWS: Readonly<Record<ViewMode, GroupsView>> = { card: GroupCards, table: GroupTable };

/** "Your groups": the list as cards or a table (the same choice as the Demat accounts'), or how to start. */
export function GroupsSection({ dialogs }: { dialogs: DialogSlot }) {
  const groups = useGroups();
  const [viewMode, setViewMode] = useViewMode();
  const GroupsView = GROUP_VIEWS[viewMode];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="groups-heading">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={3} id="groups-heading">
          Your groups
        </Heading>
        <ViewModeToggle mode={viewMode} onChange={setViewMode} />
      </Flex>
      {groups.isPending ? <LoadingState label="Loading your groups…" /> : null}
      {groups.isError ? <ErrorState message={groups.error.message} onRetry={() => void groups.refetch()} /> : null}
      {groups.data?.length === 0 ? (
        <Text variation="secondary">
          No groups yet. Add one above, then add your connected broker accounts to it with a quantity multiplier each: an order placed on the
          group goes to every account at once.
        </Text>
      ) : null}
      {groups.data && groups.data.length > 0 ? <GroupsView groups={groups.data} dialogs={dialogs} /> : null}
    </Flex>
  );
}
