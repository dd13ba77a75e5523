import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContracts, type Group } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

export interface NewStrategy {
  name: string;
  visibility: Group['visibility'];
  description: string;
}

/**
 * Add strategy: a strategy is a group, so the group is added first (addgroup) and then offered
 * (updatestrategy). Should the second step fail, the group exists but is not offered: the error says
 * so, and where to finish, instead of pretending nothing happened.
 */
export function useAddStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: NewStrategy): Promise<Group> => {
      const group = await callApi(groupsContracts.addGroup, { grp_name: draft.name });
      try {
        return await callApi(groupsContracts.updateStrategy, {
          group_id: group.grp_id,
          is_strategy: true,
          visibility: draft.visibility,
          strategy_description: draft.description.trim(),
        });
      } catch (error) {
        throw new Error(`${group.grp_name} was added, but it could not be offered yet: ${errorText(error)} Open it and offer it from its Group strategy card.`);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
