import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { panelConfigContracts, type ConfigGroupView, type UpdateConfigs } from '@shared/contracts/panel-configs';
import { useToast } from '@/components/toast/use-toast';
import { brandKeys } from '@/entities/brand/brand-keys';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';
import { configsKeys } from './configs-keys';

type GroupsAnswer = { groups: ConfigGroupView[] };

/** Every config group the caller may see, in the order the API answers them (GET getbrokerpanelconfigs). */
export function usePanelConfigs() {
  return useQuery({
    queryKey: configsKeys.groups(),
    queryFn: () => callApi(panelConfigContracts.getBrokerPanelConfigs, {}),
  });
}

/**
 * Saves one group (POST updateconfigs `{config_type, config}`). The answered group replaces the cached one at
 * once (the form starts again from what was stored), then the list is read again. A failure is an ApiError:
 * `VALIDATION_FAILED` carries the issues by path (`config.<field>`), see `fieldErrorsOfSave`. A "saved" toast
 * follows a success even when the form has been replaced meanwhile.
 */
export function useSaveConfig() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (request: UpdateConfigs) => callApi(panelConfigContracts.updateConfigs, request),
    onSuccess: (saved) => {
      queryClient.setQueryData<GroupsAnswer>(configsKeys.groups(), (current) =>
        current ? { groups: current.groups.map((group) => (group.config_type === saved.config_type ? saved : group)) } : current,
      );
      toast.success(`${saved.title} settings saved.`);
    },
    onSettled: async (saved) => {
      // A saved brand (LOGO_CONFIG, ORG_CONFIG) shows at once in the sidebar, the tab and the menus.
      if (saved?.config_type === 'LOGO_CONFIG' || saved?.config_type === 'ORG_CONFIG') await queryClient.invalidateQueries({ queryKey: brandKeys.all });
      // Saved brokers change what the connect screen offers.
      if (saved?.config_type === 'BROKER_CONFIG') {
        await queryClient.invalidateQueries({ queryKey: configsKeys.allowedBrokers() });
        await queryClient.invalidateQueries({ queryKey: dematKeys.catalog() });
      }
      await queryClient.invalidateQueries({ queryKey: configsKeys.groups() });
    },
  });
}
