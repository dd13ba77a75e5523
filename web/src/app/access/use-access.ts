import { useCallback } from 'react';
import { useFeatureToggles } from '@/entities/feature-toggles/use-feature-toggles';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { judgeGate, NO_ROLES, type Access, type Gate, type GateVerdict } from './access-gates';

/**
 * Judges gates for the signed-in user: feature toggles from local storage (live) and role flags from
 * the profile. A profile that failed to load grants no role.
 */
export function useGateJudge(): (gate: Gate) => GateVerdict {
  const features = useFeatureToggles();
  const profile = useUserProfile();
  const roles = profile.data ?? NO_ROLES;
  const rolesKnown = !profile.isPending;
  return useCallback(
    (gate: Gate) => {
      const access: Access = { features, roles };
      return judgeGate(gate, access, rolesKnown);
    },
    [features, roles, rolesKnown],
  );
}
