import { Button, Flex } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { Bridge } from '@shared/contracts/bridge';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { RemoveBridgeDialog } from './remove-bridge-dialog';
import { RenameBridgeDialog } from './rename-bridge-dialog';
import { ResetKeyDialog } from './reset-key-dialog';

/** What can be done to a bridge: its webhook info, rename, reset key, remove. */
interface BridgeActionsProps {
  bridge: Bridge;
  dialogs: DialogSlot;
  /** Where to go once the bridge is removed (its own page leaves for the list). */
  onRemoved?: () => void;
}

export function BridgeActions({ bridge, dialogs, onRemoved }: BridgeActionsProps) {
  return (
    <Flex gap="xs" wrap="wrap" alignItems="center" className="bridge-actions">
      <Link to={pathTo(paths.customBridgeInfo, { bridge_id: bridge.bridge_id })} aria-label={`Webhook info of ${bridge.bridge_name}`}>
        Webhook info
      </Link>
      <Button size="small" aria-label={`Rename ${bridge.bridge_name}`} onClick={() => dialogs.open(<RenameBridgeDialog bridge={bridge} onClose={dialogs.close} />)}>
        Rename
      </Button>
      <Button size="small" aria-label={`Reset key of ${bridge.bridge_name}`} onClick={() => dialogs.open(<ResetKeyDialog bridge={bridge} onClose={dialogs.close} />)}>
        Reset key
      </Button>
      <Button
        size="small"
        variation="destructive"
        aria-label={`Remove ${bridge.bridge_name}`}
        onClick={() => dialogs.open(<RemoveBridgeDialog bridge={bridge} onClose={dialogs.close} onRemoved={onRemoved} />)}
      >
        Remove
      </Button>
    </Flex>
  );
}
