import type * as z from 'zod';
import { upstoxCredentialsSchema } from '../../../shared/contracts/broker';

/** Upstox credentials are checked by the contract that receives them (reference/brokers.md §4.1). */
export { upstoxCredentialsSchema };
export type UpstoxCredentials = z.infer<typeof upstoxCredentialsSchema>;
