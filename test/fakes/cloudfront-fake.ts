import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A faithful fake of the two CloudFront calls the origin-secret rotation makes (REST-XML, API version
 * 2020-05-31): `GET /2020-05-31/distribution/{Id}/config` answers the DistributionConfig with its ETag,
 * `PUT` of the same path replaces it only with a matching `If-Match` (else 412 PreconditionFailed) and
 * answers a new ETag. Only the parts the rotation reads are modelled: origins and their custom headers.
 */
export interface FakeOrigin {
  readonly id: string;
  readonly domainName: string;
  headers: Record<string, string>;
}

export interface CloudFrontFake {
  readonly url: string;
  readonly distributionId: string;
  origins(): readonly FakeOrigin[];
  /** Successful UpdateDistribution calls so far. */
  updates(): number;
  stop(): Promise<void>;
}

const NS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function configXml(origins: readonly FakeOrigin[]): string {
  const originXml = origins
    .map((origin) => {
      const headers = Object.entries(origin.headers)
        .map(([name, value]) => `<OriginCustomHeader><HeaderName>${escapeXml(name)}</HeaderName><HeaderValue>${escapeXml(value)}</HeaderValue></OriginCustomHeader>`)
        .join('');
      return `<Origin><Id>${origin.id}</Id><DomainName>${origin.domainName}</DomainName><OriginPath></OriginPath><CustomHeaders><Quantity>${Object.keys(origin.headers).length}</Quantity>${headers ? `<Items>${headers}</Items>` : ''}</CustomHeaders></Origin>`;
    })
    .join('');
  return `<CallerReference>tradebridge</CallerReference><Origins><Quantity>${origins.length}</Quantity><Items>${originXml}</Items></Origins><Comment></Comment><Enabled>true</Enabled>`;
}

/** Reads the origins' custom headers back out of a PUT body (the SDK's serialisation of DistributionConfig). */
function originsFrom(xml: string, before: readonly FakeOrigin[]): FakeOrigin[] {
  return before.map((origin) => {
    const block = new RegExp(`<Origin><Id>${origin.id}</Id>([\\s\\S]*?)</Origin>`).exec(xml)?.[1] ?? '';
    const headers: Record<string, string> = {};
    for (const match of block.matchAll(/<HeaderName>(.*?)<\/HeaderName><HeaderValue>(.*?)<\/HeaderValue>/g)) headers[match[1] ?? ''] = match[2] ?? '';
    return { ...origin, headers };
  });
}

export async function startCloudFrontFake(initial: readonly FakeOrigin[]): Promise<CloudFrontFake> {
  const distributionId = 'E2TESTDISTRIB';
  let origins = initial.map((origin) => ({ ...origin, headers: { ...origin.headers } }));
  let etag = 1;
  let updates = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'text/xml', ...headers });
        response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
      };
      const error = (status: number, code: string, message: string) => reply(status, `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error></ErrorResponse>`);
      if (request.url !== `/2020-05-31/distribution/${distributionId}/config`) return error(404, 'NoSuchDistribution', 'The specified distribution does not exist.');
      if (request.method === 'GET') return reply(200, `<DistributionConfig xmlns="${NS}">${configXml(origins)}</DistributionConfig>`, { etag: `E${etag}` });
      if (request.method !== 'PUT') return error(405, 'MethodNotAllowed', 'Only GET and PUT.');
      if (request.headers['if-match'] !== `E${etag}`) return error(412, 'PreconditionFailed', 'The If-Match version is missing or not valid for the resource.');
      origins = originsFrom(Buffer.concat(chunks).toString('utf8'), origins);
      etag += 1;
      updates += 1;
      return reply(200, `<Distribution xmlns="${NS}"><Id>${distributionId}</Id><Status>InProgress</Status><DistributionConfig>${configXml(origins)}</DistributionConfig></Distribution>`, { etag: `E${etag}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    distributionId,
    origins: () => origins,
    updates: () => updates,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
