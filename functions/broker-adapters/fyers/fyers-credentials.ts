import type * as z from 'zod';
import { fyersCredentialsSchema } from '../../../shared/contracts/broker';

/** Fyers credentials are checked by the contract that receives them (reference/brokers.md §5.1). */
export { fyersCredentialsSchema };
export type FyersCredentialFields = z.infer<typeof fyersCredentialsSchema>;
