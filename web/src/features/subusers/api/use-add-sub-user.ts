import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { subUserContracts } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { subUserKeys } from './sub-user-keys';

export type AddSubUserRequest = z.input<typeof subUserContracts.addSubUser.request>;

/** Adds a sub-user (POST addsubuser); the lists are read again so it shows. */
export function useAddSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddSubUserRequest) => callApi(subUserContracts.addSubUser, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUserKeys.lists() }),
  });
}
