import { userContracts } from '../../shared/contracts/user';
import { MissingFileError } from '../platform/files/image-upload';
import { defineRoute } from '../platform/http/route';
import { replaceWhiteLabelImage } from './white-label-images';

export const setWhiteLabelImagesRoute = defineRoute(userContracts.setWhiteLabelImages, async ({ body, files, principal }) => {
  const image = files?.image;
  if (!image) throw new MissingFileError('image');
  const images = await replaceWhiteLabelImage(principal.frchId, body.image_type, image);
  return { data: images, message: 'White-label image updated' };
});
