import { authContracts } from '../../shared/contracts/auth';
import { defineRoute } from '../platform/http/route';
import { logOut } from './log-out';

export const logOutRoute = defineRoute(authContracts.logOut, async ({ body, principal }) => {
  await logOut(principal, body.all_devices);
  return { data: { logged_out: true as const, all_devices: body.all_devices }, message: body.all_devices ? 'Logged out of all devices.' : 'Logged out.' };
});
