import { config } from '../platform/config';

export function tableName(): string {
  return config().tableName;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

export function isTransactionConflict(error: unknown): boolean {
  return error instanceof Error && error.name === 'TransactionCanceledException';
}

export function nowIso(now = new Date()): string {
  return now.toISOString();
}

/** Runs a conditional write: true when it happened, false when its condition did not hold. */
export async function writeIfConditionHolds(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
