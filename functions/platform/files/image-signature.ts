import type { ImageType } from '../../../shared/contracts/define-call';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type a file really is, read from its first bytes (its signature), never from its name
 * or the type the sender declared. Null when it is none of PNG, JPEG or WEBP.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const TYPE_LABELS: Readonly<Record<ImageType, string>> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WEBP' };

/** 'PNG, JPEG or WEBP' for the allowed types, in the order given. */
export function describeImageTypes(types: readonly ImageType[]): string {
  const labels = types.map((type) => TYPE_LABELS[type]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}` : (labels[0] ?? '');
}
