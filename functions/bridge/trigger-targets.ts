import type { SignalTarget, SignalTargetKind } from '../../shared/contracts/signal-targets';
import { loadLiveAccount } from '../broker-accounts/accounts/owned-account';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { getBrokerAccount } from '../data/broker-accounts-repository';
import type { BridgeOwner } from '../data/bridges-repository';
import { getGroup } from '../data/groups/group';
import { loadOwnedGroup } from '../groups/use-cases/owned-group';

/**
 * Where a trigger trades (ADR 0008): one of the caller's broker accounts or copy-trading groups. Naming
 * another user's is 404, as for any object of theirs; a target removed later answers an empty name and
 * the signal worker refuses its plans.
 */
interface TargetKind {
  /** The target's display name, or 404 (422 for a removed account) when the caller does not own it. */
  readonly ownedName: (owner: BridgeOwner, id: string) => Promise<string>;
  /** The display name when it still exists, '' when not. */
  readonly currentName: (owner: BridgeOwner, id: string) => Promise<string>;
}

const TARGET_KINDS: Readonly<Record<SignalTargetKind, TargetKind>> = {
  account: {
    ownedName: async (owner, id) => combinedNameOf(await loadLiveAccount(owner, id)),
    currentName: async (owner, id) => {
      const account = await getBrokerAccount(owner, id);
      return account && account.status !== 'deleted' ? combinedNameOf(account) : '';
    },
  },
  group: {
    ownedName: async (owner, id) => (await loadOwnedGroup(owner, id)).grp_name,
    currentName: async (owner, id) => (await getGroup(owner, id))?.grp_name ?? '',
  },
};

/** The target a request names, checked to be the caller's. */
export async function ownedTarget(owner: BridgeOwner, kind: SignalTargetKind, id: string): Promise<SignalTarget> {
  return { target_kind: kind, target_id: id, target_name: await TARGET_KINDS[kind].ownedName(owner, id) };
}

const targetKey = (kind: SignalTargetKind, id: string) => `${kind}#${id}`;

/** The current names of the targets of some triggers, each target read once. */
export async function targetNames(
  owner: BridgeOwner,
  targets: readonly { readonly target_kind: SignalTargetKind; readonly target_id: string }[],
): Promise<(kind: SignalTargetKind, id: string) => string> {
  const distinct = new Map(targets.map((target) => [targetKey(target.target_kind, target.target_id), target]));
  const named = await Promise.all(
    [...distinct.entries()].map(async ([key, target]) => [key, await TARGET_KINDS[target.target_kind].currentName(owner, target.target_id)] as const),
  );
  const names = new Map(named);
  return (kind, id) => names.get(targetKey(kind, id)) ?? '';
}
