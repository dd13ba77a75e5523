import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automationContracts, type AutomationSwitch } from '@shared/contracts/automation';
import { bridgeContracts } from '@shared/contracts/bridge';
import { groupsContracts } from '@shared/contracts/groups';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { ordermanagerContracts } from '@shared/contracts/ordermanager';
import { callApi } from '@/lib/api-client';
import { automationKeys } from './automation-keys';

/** Whether the user's automation is stopped (by them or franchise-wide), and the switches the stops turned off. */
export function useAutomationStatus() {
  return useQuery({ queryKey: automationKeys.status(), queryFn: () => callApi(automationContracts.getAutomationStatus, {}) });
}

/**
 * A stop or resume changes bridges, groups, order groups, notifications and perhaps positions: every
 * screen's data is read again, not only the status.
 */
function useEverythingReadAgain() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useStopAutomation() {
  const readAgain = useEverythingReadAgain();
  return useMutation({
    mutationFn: (squareOff: boolean) => callApi(automationContracts.stopAutomation, { square_off: squareOff }),
    onSuccess: readAgain,
  });
}

export function useResumeAutomation() {
  const readAgain = useEverythingReadAgain();
  return useMutation({ mutationFn: () => callApi(automationContracts.resumeAutomation, {}), onSuccess: readAgain });
}

export function useStopFranchiseAutomation() {
  const readAgain = useEverythingReadAgain();
  return useMutation({ mutationFn: () => callApi(automationContracts.stopFranchiseAutomation, {}), onSuccess: readAgain });
}

export function useResumeFranchiseAutomation() {
  const readAgain = useEverythingReadAgain();
  return useMutation({ mutationFn: () => callApi(automationContracts.resumeFranchiseAutomation, {}), onSuccess: readAgain });
}

/** Turns one remembered switch back on with the call its own screen uses (bridge, group, order group). */
async function turnOn(target: Pick<AutomationSwitch, 'kind' | 'id'>): Promise<void> {
  switch (target.kind) {
    case 'json_bridge':
      await callApi(jsonbridgeContracts.updateJsonBridgeTradingFlag, { json_bridge_id: target.id, og_place_order: true });
      return;
    case 'custom_bridge':
      await callApi(bridgeContracts.updateBridgeTradingFlag, { bridge_id: target.id, trading_enabled: true });
      return;
    case 'copy_group':
      await callApi(groupsContracts.updateGroupTradingFlag, { group_id: target.id, trading_enabled: true });
      return;
    case 'order_group':
      await callApi(ordermanagerContracts.editOrderGroup, { og_id: target.id, og_place_order: true });
      return;
  }
}

export function useTurnSwitchOn() {
  const readAgain = useEverythingReadAgain();
  return useMutation({ mutationFn: turnOn, onSuccess: readAgain });
}
