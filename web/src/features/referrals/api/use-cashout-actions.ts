import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralContracts, type ReferralCashoutRequest } from '@shared/contracts/referrals';
import { callApi } from '@/lib/api-client';
import { referralKeys } from './referral-keys';

/** Cashes out earnings (to the wallet or a bank account); the totals and history are read again after. */
export function useCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReferralCashoutRequest) => callApi(referralContracts.referralCashout, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

export interface CashoutDecision {
  readonly cashout_id: string;
  readonly user_id: number;
  readonly status: 'initiate' | 'completed' | 'rejected';
  readonly reason?: string;
}

/** Broker panel: initiates, completes or rejects a withdrawal. */
export function useDecideCashout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CashoutDecision) => callApi(referralContracts.updateCashoutReferrals, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
