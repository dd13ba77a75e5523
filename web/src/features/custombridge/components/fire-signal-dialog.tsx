import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Bridge } from '@shared/contracts/bridge';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { paths } from '@/config/paths';
import { signalLinkOf } from '@/entities/signals/signal-log-link';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useFireBridge, type ManualDirection } from '../api/use-fire-bridge';

const WHAT_IT_DOES: Readonly<Record<ManualDirection, (bridge: Bridge) => string>> = {
  UP: (bridge) => `Runs the ${bridge.up_trigger_count} UP ${bridge.up_trigger_count === 1 ? 'trigger' : 'triggers'} now, in priority order: real orders on their accounts.`,
  DOWN: (bridge) => `Runs the ${bridge.down_trigger_count} DOWN ${bridge.down_trigger_count === 1 ? 'trigger' : 'triggers'} now, in priority order: real orders on their accounts.`,
  EXIT: (bridge) => `Exits the bridge's ${bridge.open_positions_count} OPEN ${bridge.open_positions_count === 1 ? 'position' : 'positions'} now with market orders.`,
  NONE: () => "Closes the bridge's positions without a new entry.",
};

/** Asks before firing a direction by hand (it places real orders), then shows the signal it made with a link to the signal log. */
export function FireSignalDialog({ bridge, direction, onClose }: { bridge: Bridge; direction: ManualDirection; onClose: () => void }) {
  const fire = useFireBridge();
  // One key per confirmation: a resent request answers the same signal instead of placing twice.
  const [idempotencyKey] = useState(() => newIdempotencyKey('fire'));
  const signalId = fire.data?.signal_id ?? null;
  return (
    <ModalDialog title={signalId ? `${direction} signal sent` : `Fire ${direction} now?`} onClose={onClose} canClose={!fire.isPending}>
      <Flex direction="column" gap="medium">
        {signalId ? (
          <>
            <Text>
              Signal <code>{signalId}</code> is queued; the signal worker places its orders in a moment.
            </Text>
            <Link to={signalLinkOf(bridge.bridge_id, signalId)}>See it in the signal log</Link>
            <Flex justifyContent="flex-end">
              <Button variation="primary" onClick={onClose}>
                Close
              </Button>
            </Flex>
          </>
        ) : (
          <>
            <Text>{WHAT_IT_DOES[direction](bridge)}</Text>
            {!bridge.is_connected || !bridge.trading_enabled ? (
              <Alert variation="warning">
                This bridge is {bridge.is_connected ? 'not trading' : 'disconnected'}: the signal will be stored as ignored and place nothing. See{' '}
                <Link to={paths.bridgeSignals}>Signal</Link>.
              </Alert>
            ) : null}
            <DialogActions
              error={fire.error}
              cancelLabel="Do not fire"
              onCancel={onClose}
              submitLabel={`Fire ${direction}`}
              pendingLabel="Sending…"
              isPending={fire.isPending}
              variation="destructive"
              onSubmit={() => fire.mutate({ bridgeId: bridge.bridge_id, direction, idempotencyKey })}
              wrap
            />
          </>
        )}
      </Flex>
    </ModalDialog>
  );
}
