import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridgeContracts, type BridgeTriggers, type TriggerDirectionName } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';
import { listNameOf } from '../trigger-order';
import { useStoreTriggers } from './bridge-cache';

interface Reorder {
  bridgeId: string;
  direction: TriggerDirectionName;
  triggerIds: readonly string[];
}

/**
 * Sends a direction's new order (POST updatetriggerspriorities). The list shows the new order at once
 * and takes the server's numbering when it answers; a refusal puts the order the server holds back.
 */
export function useReorderTriggers() {
  const queryClient = useQueryClient();
  const storeTriggers = useStoreTriggers();
  return useMutation({
    mutationFn: ({ bridgeId, direction, triggerIds }: Reorder) =>
      callApi(bridgeContracts.updateTriggersPriorities, { bridge_id: bridgeId, direction, trigger_ids: [...triggerIds] }),
    onMutate: ({ bridgeId, direction, triggerIds }) => {
      const listName = listNameOf(direction);
      queryClient.setQueryData<BridgeTriggers>(bridgeKeys.triggers(bridgeId), (triggers) => {
        if (!triggers) return triggers;
        const byId = new Map(triggers[listName].map((trigger) => [trigger.trigger_id, trigger]));
        const reordered = triggerIds.flatMap((id, index) => {
          const trigger = byId.get(id);
          return trigger ? [{ ...trigger, priority: index + 1 }] : [];
        });
        return { ...triggers, [listName]: reordered };
      });
    },
    onSuccess: storeTriggers,
    onError: (_error, { bridgeId }) => queryClient.invalidateQueries({ queryKey: bridgeKeys.triggers(bridgeId) }),
  });
}
