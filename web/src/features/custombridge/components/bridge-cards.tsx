import { Grid } from '@aws-amplify/ui-react';
import type { Bridge } from '@shared/contracts/bridge';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { BridgeCard } from './bridge-card';

/** The caller's bridges as a grid of cards. */
export function BridgeCards({ bridges, dialogs }: { bridges: readonly Bridge[]; dialogs: DialogSlot }) {
  return (
    <Grid className="bridge-cards" gap="medium">
      {bridges.map((bridge) => (
        <BridgeCard key={bridge.bridge_id} bridge={bridge} dialogs={dialogs} />
      ))}
    </Grid>
  );
}
