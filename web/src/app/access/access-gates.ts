import { hasRole, type RoleFlags } from '@shared/domain/roles';
import type { EnabledFeatures } from '@/entities/feature-toggles/feature-toggle-store';

/** What decides whether a route or menu item exists: the feature toggles and the profile's role flags. */
export interface Access {
  features: EnabledFeatures;
  roles: RoleFlags;
}

interface GateRule {
  /** A gate that reads the role flags has to wait for the profile. */
  readsRoles: boolean;
  allows: (access: Access) => boolean;
}

const featureGate = (allows: (features: EnabledFeatures) => boolean): GateRule => ({
  readsRoles: false,
  allows: ({ features }) => allows(features),
});

const roleGate = (allows: (access: Access) => boolean): GateRule => ({ readsRoles: true, allows });

/** Spec §2's "Feature-gated" table, plus the two sidebar-only rules (Link User, the non-panel group menu). */
export const GATES = {
  always: featureGate(() => true),
  groups: roleGate(({ features, roles }) => features.has('group') && !roles.is_brokerpanel),
  groupStrategies: roleGate(({ features, roles }) => features.has('groupstrategy') && roles.is_brokerpanel),
  /** The Strategies list (issue 21): users who are not a broker panel subscribe to its strategies. */
  strategiesToSubscribe: roleGate(({ features, roles }) => features.has('groupstrategy') && !roles.is_brokerpanel),
  anyGroup: featureGate((features) => features.has('group') || features.has('groupstrategy')),
  jsonBridge: featureGate((features) => features.has('jsonbridge')),
  customBridge: featureGate((features) => features.has('custombridge')),
  orderManager: featureGate((features) => features.has('ordermanager')),
  watchList: featureGate((features) => features.has('watchlist')),
  staticIp: roleGate(({ roles }) => hasRole(roles, 'ipEnabled')),
  subUsers: roleGate(({ roles }) => hasRole(roles, 'parent')),
  linkUsers: roleGate(({ roles }) => hasRole(roles, 'parent') && !roles.is_brokerpanel),
  brokerPanel: roleGate(({ roles }) => hasRole(roles, 'brokerPanel')),
  notBrokerPanel: roleGate(({ roles }) => !roles.is_brokerpanel),
  configs: roleGate(({ roles }) => hasRole(roles, 'whiteLabelOrPanel')),
} satisfies Record<string, GateRule>;

export type Gate = keyof typeof GATES;

/** `pending` while a role gate waits for the profile. */
export type GateVerdict = 'allowed' | 'denied' | 'pending';

export function judgeGate(gate: Gate, access: Access, rolesKnown: boolean): GateVerdict {
  const rule: GateRule = GATES[gate];
  if (rule.readsRoles && !rolesKnown) return 'pending';
  return rule.allows(access) ? 'allowed' : 'denied';
}

/** Until the profile arrives (or when it cannot be read) nobody holds a role. */
export const NO_ROLES: RoleFlags = {
  is_brokerpanel: false,
  is_white_label: false,
  can_add_subuser: false,
  is_ip_enable: false,
};
