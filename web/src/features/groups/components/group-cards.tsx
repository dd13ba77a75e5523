import { Grid } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { GroupCard } from './group-card';

/** The user's groups as a grid of cards. */
export function GroupCards({ groups, dialogs }: { groups: readonly Group[]; dialogs: DialogSlot }) {
  return (
    <Grid className="group-cards" gap="medium">
      {groups.map((group) => (
        <GroupCard key={group.grp_id} group={group} dialogs={dialogs} />
      ))}
    </Grid>
  );
}
