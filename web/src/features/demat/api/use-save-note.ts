import { useMutation } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Sets an account's free-text note (POST /users/broker/addbrokernote); an empty note clears it. */
export function useSaveNote() {
  const storeAccount = useStoreAccount();
  return useMutation({
    mutationFn: ({ brokerId, note }: { brokerId: string; note: string }) =>
      callApi(brokerContracts.addBrokerNote, { broker_id: brokerId, note }),
    onSuccess: storeAccount,
  });
}
