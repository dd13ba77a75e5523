import type { CashoutStatus } from '@shared/contracts/referrals';

/** Query keys of the referral feature. */
export const referralKeys = {
  all: ['referrals'] as const,
  data: () => [...referralKeys.all, 'data'] as const,
  referred: (which: 'all' | 'active') => [...referralKeys.all, 'referred', which] as const,
  earnings: () => [...referralKeys.all, 'earnings'] as const,
  ownCashouts: () => [...referralKeys.all, 'cashouts', 'own'] as const,
  franchiseCashouts: (status: CashoutStatus | undefined) => [...referralKeys.all, 'cashouts', 'franchise', status ?? 'any'] as const,
};
