import { useMutation } from '@tanstack/react-query';
import { jsonbridgeContracts, type JsonBridge } from '@shared/contracts/jsonbridge';
import type { SignalTargetKind } from '@shared/contracts/signal-targets';
import { callApi } from '@/lib/api-client';
import { useStoreJsonBridge } from './json-bridge-cache';

/** The changes a bridge takes, each its own call; every one answers the bridge as it now is. */
export type JsonBridgeChange =
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'trading'; id: string; on: boolean }
  | { kind: 'connect'; id: string; ogId: string; targetKind: SignalTargetKind; targetId: string }
  | { kind: 'disconnect'; id: string };

type ChangeKind = JsonBridgeChange['kind'];
type ChangeOf<Kind extends ChangeKind> = Extract<JsonBridgeChange, { kind: Kind }>;

const CALLS: { readonly [Kind in ChangeKind]: (change: ChangeOf<Kind>) => Promise<JsonBridge> } = {
  rename: (change) => callApi(jsonbridgeContracts.updateJsonBridgeName, { json_bridge_id: change.id, json_bridge_name: change.name }),
  trading: (change) => callApi(jsonbridgeContracts.updateJsonBridgeTradingFlag, { json_bridge_id: change.id, og_place_order: change.on }),
  connect: (change) =>
    callApi(jsonbridgeContracts.connectJsonBridge, { json_bridge_id: change.id, og_id: change.ogId, target_kind: change.targetKind, target_id: change.targetId }),
  disconnect: (change) => callApi(jsonbridgeContracts.disconnectJsonBridge, { json_bridge_id: change.id }),
};

/** Each change goes to its own call; the record is indexed by the change's kind, so they cannot be mixed up. */
function send<Kind extends ChangeKind>(change: ChangeOf<Kind>): Promise<JsonBridge> {
  const call: (change: ChangeOf<Kind>) => Promise<JsonBridge> = CALLS[change.kind];
  return call(change);
}

/** Renames, flips trading, connects or disconnects a bridge. */
export function useUpdateJsonBridge() {
  const store = useStoreJsonBridge();
  return useMutation({
    mutationFn: (change: JsonBridgeChange) => send(change),
    onSuccess: store,
  });
}
