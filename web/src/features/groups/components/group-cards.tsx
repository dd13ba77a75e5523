import { Grid } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { GroupCard } from './group-card';

export type GroupCardView = (props: { group: Group; dialogs: DialogSlot }) => ReactNode;

/** The user's groups as a grid of cards (a group's card unless another, e.g. the strategy card, is given). */
export function GroupCards({ groups, dialogs, card: Card = GroupCard }: { groups: readonly Group[]; dialogs: DialogSlot; card?: GroupCardView }) {
  return (
    <Grid className="group-cards" gap="medium">
      {groups.map((group) => (
        <Card key={group.grp_id} group={group} dialogs={dialogs} />
      ))}
    </Grid>
  );
}
