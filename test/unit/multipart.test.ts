import { describe, expect, it } from 'vitest';
import { MalformedMultipartError, multipartBoundary, parseMultipart } from '../../functions/platform/http/multipart';

const BOUNDARY = '----formBoundary7MA4YWxkTrZu0gW';

/** A body built by hand, with the given line ending. */
function body(parts: { headers: string[]; data: string | Buffer }[], eol = '\r\n', boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${eol}${part.headers.join(eol)}${eol}${eol}`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

const field = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], data: value });
const file = (name: string, filename: string, data: Buffer, type = 'image/png') => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  data,
});
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff, 0x0d]);

describe('multipart boundary from the content type', () => {
  it('reads plain and quoted boundaries of multipart/form-data only', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/mixed; boundary=x')).toBeNull();
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });
});

describe('multipart parser', () => {
  it('splits text fields and files, keeping binary bytes exactly (CRLF)', () => {
    const parts = parseMultipart(body([field('first_name', 'Asha'), file('profile', 'me.png', BINARY)]), BOUNDARY);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ name: 'first_name', filename: null, contentType: null });
    expect(parts[0]?.data.toString()).toBe('Asha');
    expect(parts[1]).toMatchObject({ name: 'profile', filename: 'me.png', contentType: 'image/png' });
    expect(parts[1]?.data.equals(BINARY)).toBe(true);
  });

  it('accepts bare LF line endings', () => {
    const parts = parseMultipart(body([field('city', 'Pune'), file('profile', 'x.png', BINARY)], '\n'), BOUNDARY);
    expect(parts.map((p) => p.name)).toEqual(['city', 'profile']);
    expect(parts[0]?.data.toString()).toBe('Pune');
    expect(parts[1]?.data.equals(BINARY)).toBe(true);
  });

  it('ignores a preamble and an epilogue, and keeps empty values and multi-line text', () => {
    const raw = Buffer.concat([
      Buffer.from('This is the preamble.\r\n'),
      body([field('state', ''), field('note', 'line one\r\nline two')]),
      Buffer.from('epilogue'),
    ]);
    const parts = parseMultipart(raw, BOUNDARY);
    expect(parts.map((p) => [p.name, p.data.toString()])).toEqual([
      ['state', ''],
      ['note', 'line one\r\nline two'],
    ]);
  });

  it('is not fooled by boundary-like text inside a part', () => {
    const tricky = `before\r\n--${BOUNDARY}x not a delimiter\r\n--${BOUNDARY.slice(0, -1)}\r\nafter`;
    const parts = parseMultipart(body([field('bio', tricky), field('city', 'Goa')]), BOUNDARY);
    expect(parts.map((p) => p.data.toString())).toEqual([tricky, 'Goa']);
  });

  it('reads quoted names with semicolons, case-insensitive headers, folded lines and filename*', () => {
    const parts = parseMultipart(
      body([
        { headers: ['content-disposition: form-data; name="a;b"'], data: '1' },
        { headers: ['CONTENT-DISPOSITION: form-data;', '\tname="folded"'], data: '2' },
        { headers: [`Content-Disposition: form-data; name="pic"; filename="x.png"; filename*=UTF-8''%E0%A4%85.png`], data: BINARY },
      ]),
      BOUNDARY,
    );
    expect(parts.map((p) => p.name)).toEqual(['a;b', 'folded', 'pic']);
    expect(parts[2]?.filename).toBe('अ.png');
  });

  it("marks a file input with nothing chosen as filename ''", () => {
    const [part] = parseMultipart(body([file('profile', '', Buffer.alloc(0), 'application/octet-stream')]), BOUNDARY);
    expect(part).toMatchObject({ name: 'profile', filename: '' });
    expect(part?.data.length).toBe(0);
  });

  it('answers no parts for an empty form', () => {
    expect(parseMultipart(Buffer.from(`--${BOUNDARY}--\r\n`), BOUNDARY)).toEqual([]);
  });

  it.each([
    ['no boundary at all', Buffer.from('first_name=Asha')],
    ['a different boundary', body([field('a', '1')], '\r\n', 'other-boundary')],
    ['no closing boundary', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`)],
    ['unterminated headers', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"`)],
    ['a part without a name', body([{ headers: ['Content-Disposition: form-data'], data: 'x' }])],
    ['a part that is not form-data', body([{ headers: ['Content-Disposition: attachment; name="a"'], data: 'x' }])],
    ['a header line without a colon', body([{ headers: ['Content-Disposition form-data; name="a"'], data: 'x' }])],
    ['garbage after the opening boundary', Buffer.from(`--${BOUNDARY}garbage\r\n`)],
  ])('refuses %s with a 400', (_, raw) => {
    const attempt = () => parseMultipart(raw, BOUNDARY);
    expect(attempt).toThrow(MalformedMultipartError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
  });

  it('refuses more than 20 parts, and headers over 8 KB', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => field(`f${i}`, 'x'));
    expect(parseMultipart(body(twenty), BOUNDARY)).toHaveLength(20);
    expect(() => parseMultipart(body([...twenty, field('f20', 'x')]), BOUNDARY)).toThrow('more than 20 parts');
    const hugeHeader = { headers: [`Content-Disposition: form-data; name="a"`, `X-Pad: ${'p'.repeat(9000)}`], data: 'x' };
    expect(() => parseMultipart(body([hugeHeader]), BOUNDARY)).toThrow(MalformedMultipartError);
  });

  it('parses what a real FormData encoder produces', async () => {
    const form = new FormData();
    form.append('first_name', 'Ravi');
    form.append('profile', new Blob([BINARY], { type: 'image/jpeg' }), 'photo.jpg');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const boundary = multipartBoundary(request.headers.get('content-type') ?? '');
    expect(boundary).toBeTruthy();
    const parts = parseMultipart(Buffer.from(await request.arrayBuffer()), boundary ?? '');
    expect(parts.map((p) => p.name)).toEqual(['first_name', 'profile']);
    expect(parts[1]).toMatchObject({ filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(parts[1]?.data.equals(BINARY)).toBe(true);
  });
});
