import type { FilePart, ImageType } from '@shared/contracts/define-call';

const TYPE_LABELS: Readonly<Record<ImageType, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

function listOf(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}`;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function isAcceptedType(part: FilePart, type: string): boolean {
  return part.types.some((accepted) => accepted === type);
}

/**
 * The browser-side check of a file part of a multipart contract (the server checks again, by the
 * file's signature): its type must be one of the part's types and its size within the part's limit.
 * Null when the file is acceptable; otherwise the message to show.
 */
export function filePartProblem(part: FilePart, file: Blob): string | null {
  if (!isAcceptedType(part, file.type)) {
    return `Choose a ${listOf(part.types.map((type) => TYPE_LABELS[type]))} image.`;
  }
  if (file.size > part.maxBytes) return `The image must be at most ${megabytes(part.maxBytes)}.`;
  return null;
}

/** The `accept` attribute of a file input for the part: `image/png,image/jpeg,image/webp`. */
export function acceptAttribute(part: FilePart): string {
  return part.types.join(',');
}

export const MISSING_FILE_MESSAGE = 'Choose a file.';

/** A named file part of a multipart contract; a missing name is a programming error. */
export function filePartOf(contract: { operationId: string; files: Readonly<Record<string, FilePart>> }, name: string): FilePart {
  const part = contract.files[name];
  if (!part) throw new Error(`${contract.operationId} has no file part '${name}'`);
  return part;
}
