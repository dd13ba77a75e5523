import type { WhiteLabelImages } from '../../shared/contracts/user';
import { WHITE_LABEL_IMAGE_TYPES } from '../../shared/domain/ranges';
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
  return Object.fromEntries(WHITE_LABEL_IMAGE_TYPES.map((type) => [type, urlOf(type)])) as WhiteLabelImages;
}

/** The URL of each image the franchise uploaded, by kind (null where none was uploaded). */
export async function readWhiteLabelImages(frchId: number): Promise<WhiteLabelImages> {
  return imageUrls(frchId, await getWhiteLabelImageVersions(frchId));
}

/** Replaces one of the franchise's uploads and answers the URL of each. */
export async function replaceWhiteLabelImage(
  frchId: number,
  imageType: WhiteLabelImageType,
  image: UploadedFile,
  now = clockNow(),
): Promise<WhiteLabelImages> {
  await putFile(fileKeys.whiteLabelImage(frchId, imageType), image.bytes, image.type);
  return imageUrls(frchId, await recordWhiteLabelImage(frchId, imageType, now.getTime(), now));
}
