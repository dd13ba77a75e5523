import { useMutation } from '@tanstack/react-query';
import { BRIDGE_SWITCHES, type BridgeSwitchName } from '../bridge-switches';
import { useStoreBridge } from './bridge-cache';

interface BridgeSwitchChange {
  bridgeId: string;
  name: BridgeSwitchName;
  on: boolean;
}

/** Turns one of a bridge's switches (connected, trading) on or off and stores the answered bridge. */
export function useFlipBridgeSwitch() {
  const storeBridge = useStoreBridge();
  return useMutation({
    mutationFn: ({ bridgeId, name, on }: BridgeSwitchChange) => BRIDGE_SWITCHES[name].send(bridgeId, on),
    onSuccess: storeBridge,
  });
}
