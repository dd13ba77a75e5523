import { createGroupHandler } from '../platform/http/group-handler';
import { getUserProfileRoute } from './get-user-profile';

export const handler = createGroupHandler('user', [getUserProfileRoute]);
