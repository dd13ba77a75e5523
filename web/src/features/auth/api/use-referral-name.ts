import { useQuery } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { referralCodeField } from '@shared/contracts/fields';
import { callApi } from '@/lib/api-client';

export const referralKeys = {
  all: ['referral-name'] as const,
  code: (code: string) => [...referralKeys.all, code] as const,
};

/** The referrer's name for a code that looks valid (public getreferralname); idle otherwise. */
export function useReferralName(code: string) {
  const parsed = referralCodeField.safeParse(code);
  const referralCode = parsed.success ? parsed.data : '';
  return useQuery({
    queryKey: referralKeys.code(referralCode),
    queryFn: () => callApi(authContracts.getReferralName, { referral_code: referralCode }),
    enabled: referralCode !== '',
    staleTime: 60_000,
  });
}
