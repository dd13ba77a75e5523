import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import type { Bridge } from '@shared/contracts/bridge';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { BridgeActions } from './bridge-actions';
import { BridgeFiguresList } from './bridge-figures-list';
import { BridgeLink } from './bridge-link';
import { BridgeSwitchControl } from './bridge-switch-control';

/** One bridge as a card: name, connected and trading switches, figures and actions. */
export function BridgeCard({ bridge, dialogs }: { bridge: Bridge; dialogs: DialogSlot }) {
  return (
    <Card as="article" variation="outlined" className="bridge-card" aria-label={bridge.bridge_name}>
      <Flex direction="column" gap="small">
        <Heading level={4} className="bridge-card__name">
          <BridgeLink bridge={bridge} />
        </Heading>
        <Flex gap="medium" wrap="wrap">
          <BridgeSwitchControl bridge={bridge} name="connected" />
          <BridgeSwitchControl bridge={bridge} name="trading" />
        </Flex>
        <BridgeFiguresList bridge={bridge} />
        <BridgeActions bridge={bridge} dialogs={dialogs} />
      </Flex>
    </Card>
  );
}
