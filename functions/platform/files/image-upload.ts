import type { FilePart, ImageType } from '../../../shared/contracts/define-call';
import { DomainError, ValidationError } from '../errors';
import { describeImageTypes, sniffImageType } from './image-signature';

/** A file part that passed its contract's checks: its bytes and the type its content really has. */
export interface UploadedFile {
  readonly bytes: Buffer;
  readonly type: ImageType;
}

export type UploadedFiles = Readonly<Record<string, UploadedFile | undefined>>;

function sizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

export class ImageTooLargeError extends DomainError {
  constructor(maxBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `Image must be at most ${sizeLabel(maxBytes)}`);
  }
}

export class ImageTypeNotAllowedError extends ValidationError {
  constructor(field: string, types: readonly ImageType[]) {
    const message = `Only ${describeImageTypes(types)} images are allowed`;
    super([{ path: field, message }], message);
  }
}

export class MissingFileError extends ValidationError {
  constructor(field: string) {
    const message = `Choose a file for ${field}.`;
    super([{ path: field, message }], message);
  }
}

/** Checks one uploaded file against its contract: size first, then its content's signature. */
export function checkUploadedImage(field: string, bytes: Buffer, part: FilePart): UploadedFile {
  if (bytes.length > part.maxBytes) throw new ImageTooLargeError(part.maxBytes);
  const type = sniffImageType(bytes);
  if (!type || !part.types.includes(type)) throw new ImageTypeNotAllowedError(field, part.types);
  return { bytes, type };
}
