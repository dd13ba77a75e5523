import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { ROUTE_GROUP_NAMES } from '../../shared/contracts/route-groups';
import { API_BASE_PATH } from '../../shared/domain/constants';
import { buildOpenApiDocument } from '../../functions/meta/openapi-document';
import { GROUP_HANDLER_MODULES } from '../../infra/local/group-handlers';
import { resolveGatewayRoute } from '../../infra/local/route-table';

const key = (method: string, path: string) => `${method} ${path}`;

async function routedCalls() {
  const routed: { group: string; key: string; operationId: string }[] = [];
  for (const group of ROUTE_GROUP_NAMES) {
    const { handler } = await GROUP_HANDLER_MODULES[group]();
    for (const route of handler.routes) routed.push({ group, key: key(route.contract.method, route.contract.path), operationId: route.contract.operationId });
  }
  return routed;
}

describe('contracts and routes', () => {
  it('gives every contract exactly one route, in its own group', async () => {
    const routed = await routedCalls();
    for (const contract of ALL_CONTRACTS) {
      const matches = routed.filter((r) => r.key === key(contract.method, contract.path));
      expect(matches, contract.operationId).toHaveLength(1);
      expect(matches[0]?.group).toBe(contract.group);
    }
  }, 60_000); // the first test imports every route group's handler module

  it('has a contract for every route', async () => {
    const contracted = new Set(ALL_CONTRACTS.map((c) => c.operationId));
    for (const route of await routedCalls()) expect(contracted.has(route.operationId), route.key).toBe(true);
  });

  it('keeps method + path and operation ids unique', () => {
    expect(new Set(ALL_CONTRACTS.map((c) => key(c.method, c.path))).size).toBe(ALL_CONTRACTS.length);
    expect(new Set(ALL_CONTRACTS.map((c) => c.operationId)).size).toBe(ALL_CONTRACTS.length);
  });

  it('takes method, path and area of every business call from the spec (spec-calls.tsv)', () => {
    const specCalls = readFileSync(new URL('../fixtures/spec-calls.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'));
    const spec = new Map(specCalls.map(([area, method, path]) => [key(method ?? '', path ?? ''), area]));
    for (const contract of ALL_CONTRACTS.filter((c) => c.group !== 'meta' && !c.specExtension)) {
      expect(spec.get(key(contract.method, `${API_BASE_PATH}${contract.path}`)), contract.operationId).toBe(contract.group);
    }
  });

  it('gives every state-changing call an activity entry (reads are get…/search… calls; webhook signals go to the signal log)', () => {
    const isRead = (path: string) => /^(get|search)/.test(path.split('/').pop() ?? '');
    const isWebhook = (path: string) => path.includes('/webhook/');
    const missing = ALL_CONTRACTS.filter((c) => c.method === 'POST' && !isRead(c.path) && !isWebhook(c.path) && !c.activity).map((c) => c.operationId);
    expect(missing).toEqual([]);
  });

  it('sends every contract path to its group through the gateway route table', () => {
    for (const contract of ALL_CONTRACTS) {
      const concrete = contract.path.replace(/\{(\w+)\}/g, 'x');
      expect(resolveGatewayRoute(contract.method, `${API_BASE_PATH}${concrete}`).group, contract.operationId).toBe(contract.group);
    }
  });

  it('describes every contract in the generated OpenAPI 3.1 document', () => {
    const document = buildOpenApiDocument(ALL_CONTRACTS);
    expect(document.openapi).toBe('3.1.0');
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    for (const contract of ALL_CONTRACTS) {
      expect(paths[`${API_BASE_PATH}${contract.path}`]?.[contract.method.toLowerCase()]?.operationId).toBe(contract.operationId);
    }
  });
});
