import * as z from 'zod';
import { pathSegments, type CallContract } from '@shared/contracts/define-call';

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);
const pathParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
const queryInputSchema = z.record(
  z.string(),
  z.union([scalarSchema, z.array(scalarSchema), z.null(), z.undefined()]),
);

/**
 * `apiBaseUrl + contract.path` with each `{param}` replaced by its encoded value; for query-string
 * calls (GET) the validated input becomes the query string.
 */
export function buildApiUrl(apiBaseUrl: string, contract: CallContract, input: unknown, params: unknown): string {
  const values = pathParamsSchema.parse(params);
  const path = pathSegments(contract.path)
    .map((segment) => (segment.param ? encodeURIComponent(String(values[segment.param] ?? '')) : segment.literal))
    .join('/');
  const base = `${apiBaseUrl.replace(/\/$/, '')}/${path}`;
  if (contract.bodyKind !== 'query') return base;
  const query = toQueryString(queryInputSchema.parse(input));
  return query ? `${base}?${query}` : base;
}

function toQueryString(input: z.infer<typeof queryInputSchema>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}
