import { ftpContracts, type FtpConfigView } from '../../shared/contracts/ftp';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { readPanelConfigs } from '../panel-configs/read-panel-configs';
import { savePanelConfig } from '../panel-configs/save-panel-config';

/** Spec §7 `GET getftp`: FTP_CONFIG as `getbrokerpanelconfigs` shows it (password and key masked). */
export const getFtpRoute = defineRoute(ftpContracts.getFtp, async ({ principal }) => {
  const [view] = await readPanelConfigs(principal.frchId, principal.roles, 'FTP_CONFIG');
  return { data: view as FtpConfigView, message: 'File transfer settings fetched' };
});

/** Spec §7 `POST updateftp`: saves FTP_CONFIG through the config groups' store (sealed secrets, history, activity). */
export const updateFtpRoute = defineRoute(ftpContracts.updateFtp, async ({ body, principal }) => {
  const { view, changed } = await savePanelConfig(principal.frchId, { userId: principal.userId, roles: principal.roles }, { config_type: 'FTP_CONFIG', config: body }, clockNow());
  const data = view as FtpConfigView;
  if (changed.length === 0) return { data, message: 'File transfer settings unchanged', skipActivity: true };
  return { data, message: 'File transfer settings saved', activityNote: `FTP_CONFIG (${changed.join(', ')})` };
});
