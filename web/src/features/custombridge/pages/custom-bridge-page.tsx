import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Trigger, TriggerDirectionName } from '@shared/contracts/bridge';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { RefreshButton } from '@/components/refresh/refresh-button';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths } from '@/config/paths';
import { signalLinkOf } from '@/entities/signals/signal-log-link';
import { useBridgeTriggers } from '../api/use-bridge-triggers';
import { BridgeActions } from '../components/bridge-actions';
import { BridgeFiguresList } from '../components/bridge-figures-list';
import { BridgeSwitchControl } from '../components/bridge-switch-control';
import { DeleteTriggerDialog } from '../components/delete-trigger-dialog';
import { FireSignalButtons } from '../components/fire-signal-buttons';
import { TriggerDialog } from '../components/trigger-dialog';
import { TriggerList } from '../components/trigger-list';
import { newTriggerValues, triggerValuesOf } from '../trigger-form';
import '@/entities/order-groups/order-groups.css';
import '../custombridge.css';

const DIRECTIONS: readonly TriggerDirectionName[] = ['UP', 'DOWN'];

/** Spec §2 /bridge/custombridge/{bridge_id}: the bridge's switches and figures, its UP and DOWN triggers in priority order, and firing by hand. */
export function CustomBridgePage() {
  const { bridge_id: bridgeId = '' } = useParams();
  const triggers = useBridgeTriggers(bridgeId);
  const dialogs = useDialogSlot();
  const navigate = useNavigate();
  const bridge = triggers.data?.bridge_data;

  const openAdd = (direction: TriggerDirectionName) =>
    dialogs.open(
      <TriggerDialog target={{ kind: 'add', bridgeId }} direction={direction} initial={newTriggerValues(direction, { kind: 'account', id: '' })} onClose={dialogs.close} />,
    );
  const openEdit = (trigger: Trigger) =>
    dialogs.open(<TriggerDialog target={{ kind: 'edit', trigger }} direction={trigger.direction} initial={triggerValuesOf(trigger)} onClose={dialogs.close} />);
  const openDelete = (trigger: Trigger) => dialogs.open(<DeleteTriggerDialog trigger={trigger} onClose={dialogs.close} />);

  return (
    <Flex direction="column" gap="large" className="custom-bridge-page">
      <Flex direction="column" gap="xxs">
        <Link to={paths.customBridges}>← Back to bridges</Link>
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2}>{bridge ? bridge.bridge_name : 'Custom Bridge'}</Heading>
          <RefreshButton refetch={() => triggers.refetch()} />
        </Flex>
      </Flex>
      {triggers.isPending ? <LoadingState label="Loading the bridge…" /> : null}
      {triggers.isError && !bridge ? <ErrorState message={triggers.error.message} onRetry={() => void triggers.refetch()} /> : null}
      {bridge && triggers.data ? (
        <>
          <Flex as="section" direction="column" gap="small" className="bridge-overview" aria-label="Bridge settings">
            <Flex gap="medium" wrap="wrap" alignItems="center">
              <BridgeSwitchControl bridge={bridge} name="connected" />
              <BridgeSwitchControl bridge={bridge} name="trading" />
              <Link to={signalLinkOf(bridge.bridge_id)}>Signals</Link>
              <Link to={paths.bridgePositions}>Positions</Link>
            </Flex>
            <BridgeFiguresList bridge={bridge} />
            <BridgeActions bridge={bridge} dialogs={dialogs} onRemoved={() => void navigate(paths.customBridges)} />
            <FireSignalButtons bridge={bridge} dialogs={dialogs} />
          </Flex>
          {DIRECTIONS.map((direction) => (
            <TriggerList
              key={direction}
              bridgeId={bridgeId}
              direction={direction}
              triggers={direction === 'UP' ? triggers.data.up_triggers : triggers.data.down_triggers}
              onAdd={() => openAdd(direction)}
              onEdit={openEdit}
              onDelete={openDelete}
            />
          ))}
          <Text variation="secondary" fontSize="small">
            An EXIT (or NONE) signal places no trigger: it exits the bridge's OPEN positions.
          </Text>
        </>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
