/** A file part of a test form: its bytes, the name it is sent under and the type the sender declares. */
export interface TestFilePart {
  readonly bytes: Buffer;
  readonly filename: string;
  readonly type?: string;
}

/** Encodes a form exactly as a browser's FormData would: the raw body and its content type (with the boundary). */
export async function multipartForm(fields: Record<string, string>, files: Record<string, TestFilePart> = {}): Promise<{ rawBody: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { rawBody: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** The smallest bytes the upload checks take for a PNG: its 8-byte signature and a little more. */
export const TEST_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('test-png\r\n--not-a-boundary')]);
