import { useQuery } from '@tanstack/react-query';
import { SECURITY_CALLS, type BridgeKind } from '../security-calls';
import { securityKeys } from './security-keys';

/** A bridge's webhook sender checks (never the secret). */
export function useBridgeSecurity(kind: BridgeKind, bridgeId: string) {
  return useQuery({
    queryKey: securityKeys.of(kind, bridgeId),
    queryFn: () => SECURITY_CALLS[kind].get(bridgeId),
  });
}
