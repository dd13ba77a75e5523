import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BridgeSecurity } from '@shared/contracts/bridge-security';
import { SECURITY_CALLS, type BridgeKind, type SecurityChange } from '../security-calls';
import { securityKeys } from './security-keys';

/**
 * Changes a bridge's sender checks. The answer's secret (present only when one was just made) is
 * handed to the caller and never put in the query cache, so it leaves the screen with the dialog.
 */
export function useUpdateBridgeSecurity(kind: BridgeKind, bridgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SecurityChange) => SECURITY_CALLS[kind].update(bridgeId, change),
    onSuccess: ({ signing_secret: _secret, ...security }) => {
      queryClient.setQueryData<BridgeSecurity>(securityKeys.of(kind, bridgeId), security);
    },
  });
}
