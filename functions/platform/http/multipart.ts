import { BadRequestError } from '../errors';

/**
 * A `multipart/form-data` parser over the raw body bytes (RFC 7578). Parts are split on the
 * boundary from the content type; line endings may be CRLF (the standard) or bare LF.
 */
export interface MultipartPart {
  readonly name: string;
  /** Set when the part is a file (`filename=` in its content-disposition); '' when none was chosen. */
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly data: Buffer;
}

export interface MultipartLimits {
  readonly maxParts: number;
  readonly maxHeaderBytes: number;
}

export const MULTIPART_LIMITS: MultipartLimits = { maxParts: 20, maxHeaderBytes: 8 * 1024 };

export class MalformedMultipartError extends BadRequestError {
  constructor(reason: string) {
    super(`Malformed multipart body: ${reason}`);
  }
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const isPadding = (byte: number | undefined) => byte === 0x20 || byte === 0x09;

/** The boundary of a `multipart/form-data` content type, or null when it is not one. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** Index just past the line ending at `at` (after optional padding), or -1 when there is none. */
function lineEndAfter(body: Buffer, at: number): number {
  let index = at;
  while (isPadding(body[index])) index += 1;
  if (body[index] === CR && body[index + 1] === LF) return index + 2;
  if (body[index] === LF) return index + 1;
  return -1;
}

function isCloseMarker(body: Buffer, at: number): boolean {
  return body[at] === DASH && body[at + 1] === DASH;
}

/** The next `\n--boundary` that really is a delimiter (followed by `--` or a line end). */
function findDelimiter(body: Buffer, needle: Buffer, from: number): number {
  for (let at = body.indexOf(needle, from); at >= 0; at = body.indexOf(needle, at + 1)) {
    const after = at + needle.length;
    if (isCloseMarker(body, after) || lineEndAfter(body, after) >= 0) return at;
  }
  return -1;
}

function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** Parameters of a header value such as `form-data; name="a"; filename="b.png"` (lower-case names). */
function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([\w!#$%&'*+.^`|~-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of value.matchAll(pattern)) {
    const [, name = '', raw = ''] = match;
    parameters.set(name.toLowerCase(), unquote(raw.trim()));
  }
  return parameters;
}

function extendedFilename(value: string | undefined): string | undefined {
  const match = value ? /^[\w-]+'[\w-]*'(.*)$/.exec(value) : null;
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    throw new MalformedMultipartError('bad filename* encoding');
  }
}

/** Reads the header lines of a part; answers them and where its data starts. */
function readPartHeaders(body: Buffer, from: number, limits: MultipartLimits): { headers: Map<string, string>; dataStart: number } {
  const headers = new Map<string, string>();
  let lastName: string | null = null;
  let at = from;
  for (;;) {
    const lineEnd = body.indexOf(LF, at);
    if (lineEnd < 0 || lineEnd - from > limits.maxHeaderBytes) throw new MalformedMultipartError('part headers are not terminated');
    const line = body.subarray(at, body[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd).toString('utf8');
    at = lineEnd + 1;
    if (line === '') return { headers, dataStart: at };
    if (isPadding(line.charCodeAt(0)) && lastName) {
      headers.set(lastName, `${headers.get(lastName) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MalformedMultipartError('bad part header');
    lastName = line.slice(0, colon).trim().toLowerCase();
    headers.set(lastName, line.slice(colon + 1).trim());
  }
}

function describePart(headers: Map<string, string>, data: Buffer): MultipartPart {
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MalformedMultipartError('part without form-data disposition');
  const parameters = headerParameters(disposition);
  const name = parameters.get('name');
  if (!name) throw new MalformedMultipartError('part without a name');
  const filename = extendedFilename(parameters.get('filename*')) ?? parameters.get('filename') ?? null;
  return { name, filename, contentType: headers.get('content-type') ?? null, data };
}

/** Where the first boundary starts: at the very beginning, or after a preamble line. */
function openingBoundary(body: Buffer, dashBoundary: Buffer, delimiter: Buffer): number {
  if (body.subarray(0, dashBoundary.length).equals(dashBoundary)) return 0;
  const at = findDelimiter(body, delimiter, 0);
  if (at < 0) throw new MalformedMultipartError('no opening boundary');
  return at + 1;
}

/** Splits the body into its parts. Throws 400 on anything malformed or over the limits. */
export function parseMultipart(body: Buffer, boundary: string, limits: MultipartLimits = MULTIPART_LIMITS): MultipartPart[] {
  const dashBoundary = Buffer.from(`--${boundary}`, 'latin1');
  const delimiter = Buffer.concat([Buffer.from([LF]), dashBoundary]);
  let at = openingBoundary(body, dashBoundary, delimiter) + dashBoundary.length;
  if (isCloseMarker(body, at)) return [];
  const firstLineEnd = lineEndAfter(body, at);
  if (firstLineEnd < 0) throw new MalformedMultipartError('bad opening boundary line');
  const usesCrlf = body[firstLineEnd - 2] === CR;
  at = firstLineEnd;

  const parts: MultipartPart[] = [];
  for (;;) {
    const { headers, dataStart } = readPartHeaders(body, at, limits);
    const next = findDelimiter(body, delimiter, dataStart - 1);
    if (next < 0) throw new MalformedMultipartError('missing closing boundary');
    const dataEnd = usesCrlf && next - 1 >= dataStart && body[next - 1] === CR ? next - 1 : Math.max(next, dataStart);
    parts.push(describePart(headers, body.subarray(dataStart, dataEnd)));
    if (parts.length > limits.maxParts) throw new MalformedMultipartError(`more than ${limits.maxParts} parts`);
    at = next + delimiter.length;
    if (isCloseMarker(body, at)) return parts;
    at = lineEndAfter(body, at);
  }
}
