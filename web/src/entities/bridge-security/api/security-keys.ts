import type { BridgeKind } from '../security-calls';

/** Query keys of the webhook security card. */
export const securityKeys = {
  all: ['bridge-security'] as const,
  of: (kind: BridgeKind, bridgeId: string) => [...securityKeys.all, kind, bridgeId] as const,
};
