import type { SignalView } from '../../../shared/contracts/signals';
import { listBridges } from '../../data/bridges-repository';
import { listJsonBridges } from '../../data/jsonbridge-repository';
import type { BridgeKind, SignalItem } from '../../data/signals-repository';

/** Signals as the log answers them: with their bridge's current name ('' once deleted) and whether they can be replayed. */
interface Owner {
  readonly frchId: number;
  readonly userId: number;
}

type BridgeNames = (kind: BridgeKind, id: string) => string;

/** The names of the owner's bridges of the kinds the signals came from, each kind listed once. */
const NAME_LISTS: Readonly<Record<BridgeKind, (owner: Owner) => Promise<readonly (readonly [string, string])[]>>> = {
  json: async (owner) => (await listJsonBridges(owner)).map((bridge) => [bridge.json_bridge_id, bridge.json_bridge_name] as const),
  custom: async (owner) => (await listBridges(owner)).map((bridge) => [bridge.bridge_id, bridge.bridge_name] as const),
};

async function bridgeNames(owner: Owner, signals: readonly SignalItem[]): Promise<BridgeNames> {
  const kinds = [...new Set(signals.map((signal) => signal.bridge_kind))];
  const lists = await Promise.all(kinds.map(async (kind) => [kind, new Map(await NAME_LISTS[kind](owner))] as const));
  const byKind = new Map(lists);
  return (kind, id) => byKind.get(kind)?.get(id) ?? '';
}

function toSignalView(signal: SignalItem, nameOf: BridgeNames): SignalView {
  return {
    signal_id: signal.signal_id,
    bridge_kind: signal.bridge_kind,
    bridge_id: signal.bridge_id,
    bridge_name: nameOf(signal.bridge_kind, signal.bridge_id),
    received_at: signal.received_at,
    source: signal.source,
    status: signal.status,
    reason: signal.reason,
    problems: signal.problems,
    raw_body: signal.raw_body,
    raw_body_truncated: signal.raw_body_truncated,
    results: signal.results,
    timeline: signal.timeline.map((entry) => ({ at: entry.at, event: entry.event, note: entry.note ?? null })),
    can_replay: signal.status === 'failed',
  };
}

export async function signalViews(owner: Owner, signals: readonly SignalItem[]): Promise<SignalView[]> {
  const nameOf = await bridgeNames(owner, signals);
  return signals.map((signal) => toSignalView(signal, nameOf));
}
