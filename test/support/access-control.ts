import * as z from 'zod';
import type { CallContract } from '../../shared/contracts/define-call';
import type { TestUser } from './users';

/** How to create an object owned by `owner` and name it in a call, for the ownership matrix. */
export interface OwnershipCase {
  arrange(owner: TestUser): Promise<{ body?: unknown; pathParams?: Record<string, string> }>;
}

/**
 * One entry per contract that names an object by id (keyed by operationId). Later issues add an
 * entry with each such route; the matrix test fails for any id-taking route without one.
 */
export const OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {};

const ID_FIELD = /(^|_)id$|^id$|_key$/;

function objectKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The fields (or path parameters) by which a call names an object. */
export function idInputsOf(contract: CallContract): string[] {
  const pathParams = contract.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? [];
  return [...pathParams, ...objectKeys(contract.request).filter((key) => ID_FIELD.test(key))];
}

/** Calls that need an ownership case: signed-in calls that name an object. */
export function idTakingContracts(contracts: readonly CallContract[]): CallContract[] {
  return contracts.filter((contract) => contract.role !== 'public' && idInputsOf(contract).length > 0);
}
