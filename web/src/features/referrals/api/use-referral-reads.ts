import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { referralContracts, type CashoutStatus } from '@shared/contracts/referrals';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import { referralKeys } from './referral-keys';

/** The caller's code, link, percent and totals. */
export function useReferralData() {
  return useQuery({ queryKey: referralKeys.data(), queryFn: () => callApi(referralContracts.referralData, {}) });
}

export function useAllReferrals() {
  return useQuery({ queryKey: referralKeys.referred('all'), queryFn: () => callApi(referralContracts.getAllReferrals, {}) });
}

export function useActiveReferrals() {
  return useQuery({ queryKey: referralKeys.referred('active'), queryFn: () => callApi(referralContracts.getActiveReferrals, {}) });
}

/** Earnings per payment, newest first, page by page. */
export function useReferralEarnings() {
  return useInfiniteQuery({
    queryKey: referralKeys.earnings(),
    queryFn: ({ pageParam }) => callApi(referralContracts.getReferralEarnings, { limit: MAX_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useOwnCashouts() {
  return useQuery({ queryKey: referralKeys.ownCashouts(), queryFn: () => callApi(referralContracts.getCashoutReferrals, { scope: 'own' }) });
}

/** Broker panel: the franchise's cash-outs, optionally in one status, page by page. */
export function useFranchiseCashouts(status: CashoutStatus | undefined) {
  return useInfiniteQuery({
    queryKey: referralKeys.franchiseCashouts(status),
    queryFn: ({ pageParam }) =>
      callApi(referralContracts.getCashoutReferrals, { scope: 'franchise', limit: MAX_PAGE_SIZE, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}
