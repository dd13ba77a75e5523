import type { DialogSlot } from '@/components/use-dialog-slot';
import { GroupCards } from './group-cards';
import { GroupListSection } from './group-list-section';
import { GroupTable } from './group-table';

const GROUP_VIEWS = { card: GroupCards, table: GroupTable } as const;

/** "Your groups": the list as cards or a table, or how to start. */
export function GroupsSection({ dialogs }: { dialogs: DialogSlot }) {
  return (
    <GroupListSection
      title="Your groups"
      loadingLabel="Loading your groups…"
      emptyText="No groups yet. Add one above, then add your connected broker accounts to it with a quantity multiplier each: an order placed on the group goes to every account at once."
      views={GROUP_VIEWS}
      dialogs={dialogs}
    />
  );
}
