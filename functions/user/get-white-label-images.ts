import { userContracts } from '../../shared/contracts/user';
import { definePublicRoute } from '../platform/http/route';
import { readWhiteLabelImages } from './white-label-images';

/** Public: the login screen of each tenant host shows its own franchise's images. */
export const getWhiteLabelImagesRoute = definePublicRoute(userContracts.getWhiteLabelImages, async ({ scope }) => {
  const images = await readWhiteLabelImages(scope.franchiseId);
  return { data: images, message: 'White-label images fetched' };
});
