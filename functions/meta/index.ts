import { createGroupHandler } from '../http/group-handler';
import { openApiRoute } from './open-api';

/** Meta routes, and the answer for any /api/v4 path no other group claims (404 envelope). */
export const handler = createGroupHandler('meta', [openApiRoute]);
