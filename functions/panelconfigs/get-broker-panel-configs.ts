import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import { defineRoute } from '../platform/http/route';
import { readPanelConfigs } from '../panel-configs/read-panel-configs';

/** Spec §7 `GET getbrokerpanelconfigs`: the franchise's config groups the caller may see, secrets masked. */
export const getBrokerPanelConfigsRoute = defineRoute(panelConfigContracts.getBrokerPanelConfigs, async ({ body, principal }) => {
  return { data: { groups: await readPanelConfigs(principal.frchId, principal.roles, body.config_type) }, message: 'Configs fetched' };
});
