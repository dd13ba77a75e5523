import type { z } from 'zod';
import type { subUserContracts } from '@shared/contracts/subusers';

export type SubUsersRequest = z.input<typeof subUserContracts.getSubUsers.request>;

/** Query keys of the sub-user screens; every list and one-user query (and each invalidation) goes through these. */
export const subUserKeys = {
  all: ['sub-users'] as const,
  lists: () => [...subUserKeys.all, 'list'] as const,
  list: (request: SubUsersRequest) => [...subUserKeys.lists(), request] as const,
  info: (subUserId: number) => [...subUserKeys.all, 'info', subUserId] as const,
};
