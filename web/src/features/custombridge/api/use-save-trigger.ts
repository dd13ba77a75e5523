import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bridgeContracts,
  type AddBridgeTriggerRequest,
  type BridgeTriggers,
  type Trigger,
  type UpdateBridgeTriggerRequest,
} from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';

export type TriggerSave = { kind: 'add'; body: AddBridgeTriggerRequest } | { kind: 'edit'; body: UpdateBridgeTriggerRequest };

const SENDERS: { readonly [Kind in TriggerSave['kind']]: (body: Extract<TriggerSave, { kind: Kind }>['body']) => Promise<Trigger> } = {
  add: (body) => callApi(bridgeContracts.addBridgeTrigger, body),
  edit: (body) => callApi(bridgeContracts.updateBridgeTrigger, body),
};

/** The trigger put in its direction's list: replaced where it is, or added last (where the server puts a new one). */
function withTrigger(triggers: BridgeTriggers, trigger: Trigger): BridgeTriggers {
  const listName = trigger.direction === 'UP' ? 'up_triggers' : 'down_triggers';
  const list = triggers[listName];
  const isKnown = list.some((existing) => existing.trigger_id === trigger.trigger_id);
  const next = isKnown ? list.map((existing) => (existing.trigger_id === trigger.trigger_id ? trigger : existing)) : [...list, trigger];
  return { ...triggers, [listName]: next };
}

/** Adds a trigger (POST addbridgetrigger) or changes one (POST updatebridgetrigger), then reads the bridge again. */
export function useSaveTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TriggerSave) => (save.kind === 'add' ? SENDERS.add(save.body) : SENDERS.edit(save.body)),
    onSuccess: async (trigger) => {
      queryClient.setQueryData<BridgeTriggers>(bridgeKeys.triggers(trigger.bridge_id), (triggers) => triggers && withTrigger(triggers, trigger));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bridgeKeys.triggers(trigger.bridge_id) }),
        queryClient.invalidateQueries({ queryKey: bridgeKeys.list() }),
      ]);
    },
  });
}
