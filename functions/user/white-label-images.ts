import type { WhiteLabelImages } from '../../shared/contracts/user';
import {
  getWhiteLabelImageVersions,
  recordWhiteLabelImage,
  type WhiteLabelImageType,
  type WhiteLabelImageVersions,
} from '../data/white-label-repository';
import { fileKeys } from '../platform/files/file-keys';
import { publicUrl, putFile } from '../platform/files/file-store';
import type { UploadedFile } from '../platform/files/image-upload';
import { now as clockNow } from '../platform/clock';

/** A franchise's image URLs, each carrying its version so a replaced image is fetched anew. */
function imageUrls(frchId: number, versions: WhiteLabelImageVersions): WhiteLabelImages {
  const urlOf = (type: WhiteLabelImageType) => {
    const version = versions[type];
    return version === null ? null : `${publicUrl(fileKeys.whiteLabelImage(frchId, type))}?v=${version}`;
  };
  return { horizontal_logo: urlOf('horizontal_logo'), vertical_logo: urlOf('vertical_logo'), login_bg: urlOf('login_bg') };
}

/** The logos and login background of a franchise (null where none was set). */
export async function readWhiteLabelImages(frchId: number): Promise<WhiteLabelImages> {
  return imageUrls(frchId, await getWhiteLabelImageVersions(frchId));
}

/** Replaces one of the franchise's images and answers all three URLs. */
export async function replaceWhiteLabelImage(
  frchId: number,
  imageType: WhiteLabelImageType,
  image: UploadedFile,
  now = clockNow(),
): Promise<WhiteLabelImages> {
  await putFile(fileKeys.whiteLabelImage(frchId, imageType), image.bytes, image.type);
  return imageUrls(frchId, await recordWhiteLabelImage(frchId, imageType, now.getTime(), now));
}
