import { defineCall } from './define-call';
import { userProfileSchema } from './user-profile';

export const userContracts = {
  getUserProfile: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/getuserprofile',
    role: 'user',
    summary: "The signed-in user's profile.",
    response: userProfileSchema,
  }),
} as const;
