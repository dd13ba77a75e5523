import { bridgeSecuritySchema } from '../../shared/contracts/bridge-security';
import { jsonBridgeSchema, jsonbridgeContracts, jsonBridgeWithKeySchema, jsonOrderManagerSchema, type JsonBridge } from '../../shared/contracts/jsonbridge';
import type { OrderGroup } from '../../shared/contracts/ordermanager';
import { type AnswerOverrides } from './demat-fixtures';
import { serveOrderManagerApi } from './ordermanager-fixtures';
import { jsonResponse, successBody } from './support/http';

/** Fixtures and an in-memory JSON bridge API on top of the order-manager one; every answer passes the contract's schema. */
export const BRIDGE_ID = '01JF00000000000000000B0001';
export const NEW_BRIDGE_ID = '01JF00000000000000000B0002';
export const WEBHOOK_KEY = 'k'.repeat(43);
/** The key a regeneration answers, unlike the first one. */
export const NEW_WEBHOOK_KEY = 'n'.repeat(43);

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

const withKey = (bridge: JsonBridge, key: string) =>
  jsonBridgeWithKeySchema.parse({ ...bridge, webhook_key: key, webhook_path: `/api/v4/users/jsonbridge/webhook/${bridge.json_bridge_id}/${key}` });

/** Signs in and serves the JSON bridge calls over `bridges`, the order groups and the trading API. */
export function serveJsonBridgeApi(initial: readonly JsonBridge[], groups: readonly OrderGroup[], overrides: AnswerOverrides = {}) {
  let bridges = [...initial];
  const known = (id: string) => bridges.find((bridge) => bridge.json_bridge_id === id) ?? jsonBridgeFixture({ json_bridge_id: id });
  const replace = (bridge: JsonBridge) => {
    bridges = bridges.map((kept) => (kept.json_bridge_id === bridge.json_bridge_id ? bridge : kept));
    return bridge;
  };
  const answers: AnswerOverrides = {
    [`GET ${JB}/getjsonbridges`]: () => ok(bridges),
    'GET /api/v4/users/groups/getgroupnames': () => ok([]),
    [`POST ${JB}/addjsonbridge`]: async (request) => {
      const { json_bridge_name: name } = jsonbridgeContracts.addJsonBridge.request.parse(await bodyOf(request));
      const bridge = jsonBridgeFixture({ json_bridge_id: NEW_BRIDGE_ID, json_bridge_name: name });
      bridges = [...bridges, bridge];
      return ok(withKey(bridge, WEBHOOK_KEY));
    },
    [`POST ${JB}/getjsonbridgebyid`]: async (request) => {
      const { json_bridge_id: id } = jsonbridgeContracts.getJsonBridgeById.request.parse(await bodyOf(request));
      return ok(known(id));
    },
    [`POST ${JB}/getjsonordermanager`]: async (request) => {
      const { json_bridge_id: id } = jsonbridgeContracts.getJsonOrderManager.request.parse(await bodyOf(request));
      const group = groups.find((candidate) => candidate.og_id === known(id).og_id) ?? null;
      return ok(jsonOrderManagerSchema.parse({ json_bridge_id: id, order_group: group }));
    },
    [`POST ${JB}/updatejsonbridgename`]: async (request) => {
      const { json_bridge_id: id, json_bridge_name: name } = jsonbridgeContracts.updateJsonBridgeName.request.parse(await bodyOf(request));
      return ok(replace(jsonBridgeFixture({ ...known(id), json_bridge_name: name })));
    },
    [`POST ${JB}/regeneratejsonbridgekey`]: async (request) => {
      const { json_bridge_id: id } = jsonbridgeContracts.regenerateJsonBridgeKey.request.parse(await bodyOf(request));
      return ok(withKey(replace(jsonBridgeFixture({ ...known(id), key_created_at: '2026-03-02T06:00:00.000Z' })), NEW_WEBHOOK_KEY));
    },
    [`POST ${JB}/deletejsonbridge`]: async (request) => {
      const { json_bridge_id: id } = jsonbridgeContracts.deleteJsonBridge.request.parse(await bodyOf(request));
      bridges = bridges.filter((bridge) => bridge.json_bridge_id !== id);
      return ok({ json_bridge_id: id });
    },
    [`POST ${JB}/getjsonbridgesecurity`]: () => ok(bridgeSecuritySchema.parse({ require_signature: false, secret_created_at: null, allowed_ips: [], signal_validity_seconds: 60, retry_window_seconds: 60 })),
    [`POST ${JB}/connectjsonbridge`]: async (request) => {
      const body = jsonbridgeContracts.connectJsonBridge.request.parse(await bodyOf(request));
      const target = { target_kind: body.target_kind, target_id: body.target_id, target_name: 'Paper Trading (000PAP1)' };
      return ok(replace(jsonBridgeFixture({ ...known(body.json_bridge_id), og_id: body.og_id, og_is_connected: true, target })));
    },
    ...overrides,
  };
  return serveOrderManagerApi(groups, answers);
}
