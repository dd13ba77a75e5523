import { userContracts } from '../../shared/contracts/user';
import { readBrand } from '../panel-configs/read-brand';
import { definePublicRoute } from '../platform/http/route';

/** Public: every screen of a tenant host, the login page first, shows its own franchise's brand. */
export const getWhiteLabelImagesRoute = definePublicRoute(userContracts.getWhiteLabelImages, async ({ scope }) => {
  return { data: await readBrand(scope.franchiseId), message: 'Brand fetched' };
});
