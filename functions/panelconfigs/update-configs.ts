import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { savePanelConfig } from '../panel-configs/save-panel-config';
import { checkLogoSlots } from '../panel-configs/logo-slots';

/** Spec §7 `POST updateconfigs`: saves one config group; the activity names the group and the fields changed. */
export const updateConfigsRoute = defineRoute(panelConfigContracts.updateConfigs, async ({ body, principal }) => {
  if (body.config_type === 'LOGO_CONFIG') await checkLogoSlots(principal.frchId, body.config);
  const { view, changed } = await savePanelConfig(principal.frchId, { userId: principal.userId, roles: principal.roles }, body, clockNow());
  if (changed.length === 0) return { data: view, message: `${view.title} settings unchanged`, skipActivity: true };
  return { data: view, message: `${view.title} settings saved`, activityNote: `${body.config_type} (${changed.join(', ')})` };
});
