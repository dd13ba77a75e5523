/**
 * File keys are slash-separated segments of letters, digits, `_`, `-` and `.`, never starting
 * with a dot: no `..`, no hidden names, nothing that could leave the files folder.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_SEGMENTS = 8;

export function isValidFileKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
}

export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
}

/** The URL path a file is served at: the local gateway serves `/files/*`, CloudFront routes it to the bucket. */
export const PUBLIC_FILES_PATH = '/files';

export function publicFilePath(key: string): string {
  assertValidFileKey(key);
  return `${PUBLIC_FILES_PATH}/${key}`;
}

/** Where each kind of upload lives: one fixed location per owner, overwritten on change. */
export const fileKeys = {
  /** The profile picture, at a location built from the user (spec §7: the SPA checks it with HEAD). */
  profileImage: (frchId: number, userId: number) => `profile/${frchId}/${userId}`,
  whiteLabelImage: (frchId: number, imageType: string) => `whitelabel/${frchId}/${imageType}`,
};
