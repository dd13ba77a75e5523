import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { BusinessRuleError } from '../../platform/errors';

/** A refused login is the user's to fix (wrong credentials or token): 422 with the broker's reason. */
export async function withLoginRefusalsAsRuleErrors<T>(login: () => Promise<T>): Promise<T> {
  try {
    return await login();
  } catch (error) {
    if (error instanceof BrokerSessionExpiredError && error.reason === 'login-failed') throw new BusinessRuleError(error.message);
    throw error;
  }
}
