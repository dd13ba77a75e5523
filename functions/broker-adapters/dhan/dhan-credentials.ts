import type * as z from 'zod';
import { dhanCredentialsSchema } from '../../../shared/contracts/broker';

/** Dhan credentials are checked by the contract that receives them (reference/brokers.md §6.1). */
export { dhanCredentialsSchema };
export type DhanCredentialFields = z.infer<typeof dhanCredentialsSchema>;
