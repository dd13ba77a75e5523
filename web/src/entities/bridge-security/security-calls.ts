import { customBridgeSecurityContracts, jsonBridgeSecurityContracts, type BridgeSecurity, type BridgeSecurityChange, type SIGNING_CHANGES } from '@shared/contracts/bridge-security';
import { callApi } from '@/lib/api-client';

/** The two kinds of bridge whose webhooks take sender checks. */
export type BridgeKind = 'custom' | 'json';
export type SigningChange = (typeof SIGNING_CHANGES)[number];

export interface SecurityChange {
  signing: SigningChange;
  allowed_ips: readonly string[];
  /** Left out: the window stays as it is. */
  signal_validity_seconds?: number;
  /** Left out: the window stays as it is; 0 turns it off. */
  retry_window_seconds?: number;
}

/** The windows a change names; one left out stays as it is on the server. */
const windowOf = (change: SecurityChange) => ({
  ...(change.signal_validity_seconds === undefined ? {} : { signal_validity_seconds: change.signal_validity_seconds }),
  ...(change.retry_window_seconds === undefined ? {} : { retry_window_seconds: change.retry_window_seconds }),
});

interface SecurityCalls {
  get: (bridgeId: string) => Promise<BridgeSecurity>;
  update: (bridgeId: string, change: SecurityChange) => Promise<BridgeSecurityChange>;
  /** What a signed request's body is for this kind, in the signing snippets. */
  sampleBody: string;
}

/** Each kind's get / update calls: the same checks, named by the bridge's own id field. */
export const SECURITY_CALLS: Readonly<Record<BridgeKind, SecurityCalls>> = {
  custom: {
    get: (bridgeId) => callApi(customBridgeSecurityContracts.getBridgeSecurity, { bridge_id: bridgeId }),
    update: (bridgeId, change) => callApi(customBridgeSecurityContracts.updateBridgeSecurity, { bridge_id: bridgeId, signing: change.signing, allowed_ips: [...change.allowed_ips], ...windowOf(change) }),
    sampleBody: '{"action":"BUY","symbol":"NSE:SBIN"}',
  },
  json: {
    get: (bridgeId) => callApi(jsonBridgeSecurityContracts.getJsonBridgeSecurity, { json_bridge_id: bridgeId }),
    update: (bridgeId, change) =>
      callApi(jsonBridgeSecurityContracts.updateJsonBridgeSecurity, { json_bridge_id: bridgeId, signing: change.signing, allowed_ips: [...change.allowed_ips], ...windowOf(change) }),
    sampleBody: '<the JSON from the syntax generator>',
  },
};
