import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, type ReactNode } from 'react';
import type { Group } from '@shared/contracts/groups';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useViewMode } from '@/components/view-mode/use-view-mode';
import type { ViewMode } from '@/components/view-mode/view-mode';
import { ViewModeToggle } from '@/components/view-mode/view-mode-toggle';
import { useGroups } from '../api/use-groups';

export type GroupsView = (props: { groups: readonly Group[]; dialogs: DialogSlot }) => ReactNode;

interface GroupListSectionProps {
  title: string;
  loadingLabel: string;
  /** What to do first when the user has none yet. */
  emptyText: string;
  views: Readonly<Record<ViewMode, GroupsView>>;
  dialogs: DialogSlot;
}

/** The caller's groups as cards or a table (the same choice as the Demat accounts'), or how to start: the group list and the strategy list share it. */
export function GroupListSection({ title, loadingLabel, emptyText, views, dialogs }: GroupListSectionProps) {
  const groups = useGroups();
  const [viewMode, setViewMode] = useViewMode();
  const headingId = useId();
  const View = views[viewMode];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId}>
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={3} id={headingId}>
          {title}
        </Heading>
        <ViewModeToggle mode={viewMode} onChange={setViewMode} />
      </Flex>
      {groups.isPending ? <LoadingState label={loadingLabel} /> : null}
      {groups.isError ? <ErrorState message={groups.error.message} onRetry={() => void groups.refetch()} /> : null}
      {groups.data?.length === 0 ? <Text variation="secondary">{emptyText}</Text> : null}
      {groups.data && groups.data.length > 0 ? <View groups={groups.data} dialogs={dialogs} /> : null}
    </Flex>
  );
}
