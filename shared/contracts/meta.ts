import * as z from 'zod';
import { defineCall } from './define-call';

export const metaContracts = {
  openApi: defineCall({
    group: 'meta',
    method: 'GET',
    path: '/openapi.json',
    role: 'public',
    summary: 'The OpenAPI 3.1 description of this API, generated from the contracts.',
    responseKind: 'document',
    response: z.object({ openapi: z.literal('3.1.0') }).loose(),
  }),
} as const;
