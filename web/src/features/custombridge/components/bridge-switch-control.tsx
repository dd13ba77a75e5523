import { SwitchField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { Bridge } from '@shared/contracts/bridge';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useFlipBridgeSwitch } from '../api/use-flip-bridge-switch';
import { BRIDGE_SWITCHES, type BridgeSwitchName } from '../bridge-switches';

interface BridgeSwitchControlProps {
  bridge: Bridge;
  name: BridgeSwitchName;
  /** In the table the column header names the switch, so its label is only read out. */
  isLabelHidden?: boolean;
}

/** One of a bridge's switches; a change goes to the server at once and the answered bridge is shown. */
export function BridgeSwitchControl({ bridge, name, isLabelHidden = false }: BridgeSwitchControlProps) {
  const flip = useFlipBridgeSwitch();
  const toast = useToast();
  const bridgeSwitch = BRIDGE_SWITCHES[name];
  return (
    <span title={bridgeSwitch.hint}>
      <SwitchField
        label={bridgeSwitch.label}
        isLabelHidden={isLabelHidden}
        size="small"
        labelPosition="end"
        isChecked={bridgeSwitch.isOn(bridge)}
        isDisabled={flip.isPending}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          flip.mutate({ bridgeId: bridge.bridge_id, name, on: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
        }
      />
    </span>
  );
}
