import { createGroupHandler } from '../platform/http/group-handler';
import { userLoginRoute } from './user-login';

export const handler = createGroupHandler('auth', [userLoginRoute]);
