import { jsonBridgeSchema, jsonbridgeContracts, jsonBridgeWithKeySchema, type JsonBridge } from '../../shared/contracts/jsonbridge';
import type { OrderGroup } from '../../shared/contracts/ordermanager';
import { type AnswerOverrides } from './demat-fixtures';
import { serveOrderManagerApi } from './ordermanager-fixtures';
import { jsonResponse, successBody } from './support/http';

/** Fixtures and an in-memory JSON bridge API on top of the order-manager one; every answer passes the contract's schema. */
export const BRIDGE_ID = '01JF00000000000000000B0001';
export const NEW_BRIDGE_ID = '01JF00000000000000000B0002';
export const WEBHOOK_KEY = 'k'.repeat(43);

const ok = (data: unknown) => jsonResponse(successBody(data));
const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const JB = '/api/v4/users/jsonbridge';

export function jsonBridgeFixture(overrides: Partial<JsonBridge> = {}): JsonBridge {
  return jsonBridgeSchema.parse({
    json_bridge_id: BRIDGE_ID,
    json_bridge_name: 'TradingView Nifty',
    og_id: null,
    og_is_connected: false,
    target: null,
    og_place_order: true,
    key_created_at: '2026-03-01T04:00:00.000Z',
    created_at: '2026-03-01T04:00:00.000Z',
    updated_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}

/** Signs in and serves the JSON bridge calls over `bridges`, the order groups and the trading API. */
export function serveJsonBridgeApi(initial: readonly JsonBridge[], groups: readonly OrderGroup[], overrides: AnswerOverrides = {}) {
  let bridges = [...initial];
  const answers: AnswerOverrides = {
    [`GET ${JB}/getjsonbridges`]: () => ok(bridges),
    'GET /api/v4/users/groups/getgroupnames': () => ok([]),
    [`POST ${JB}/addjsonbridge`]: async (request) => {
      const { json_bridge_name: name } = jsonbridgeContracts.addJsonBridge.request.parse(await bodyOf(request));
      const bridge = jsonBridgeFixture({ json_bridge_id: NEW_BRIDGE_ID, json_bridge_name: name });
      bridges = [...bridges, bridge];
      return ok(jsonBridgeWithKeySchema.parse({ ...bridge, webhook_key: WEBHOOK_KEY, webhook_path: `/api/v4/users/jsonbridge/webhook/${NEW_BRIDGE_ID}/${WEBHOOK_KEY}` }));
    },
    [`POST ${JB}/connectjsonbridge`]: async (request) => {
      const body = jsonbridgeContracts.connectJsonBridge.request.parse(await bodyOf(request));
      const bridge = jsonBridgeFixture({
        og_id: body.og_id,
        og_is_connected: true,
        target: { target_kind: body.target_kind, target_id: body.target_id, target_name: 'Paper Trading (000PAP1)' },
      });
      bridges = bridges.map((known) => (known.json_bridge_id === bridge.json_bridge_id ? bridge : known));
      return ok(bridge);
    },
    ...overrides,
  };
  return serveOrderManagerApi(groups, answers);
}
