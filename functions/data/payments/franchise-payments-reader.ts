import type { TimeRange } from '../activities-repository';
import { queryAllPages } from '../table';
import { paymentKeys } from './payment-keys';
import { parseStoredPayment, type StoredPayment } from './stored-payment';

/**
 * Every PhonePe payment of the franchise created between two instants (inclusive), newest first, from
 * the payments' GSI2 entry `FR#<frch>#PAYMENTS` / `<created ISO>#<id>`.
 */
export async function listFranchisePaymentsBetween(frchId: number, range: TimeRange): Promise<StoredPayment[]> {
  const { GSI2PK } = paymentKeys.franchiseListing(frchId, '', '');
  const items = await queryAllPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': GSI2PK, ':from': range.fromIso, ':to': `${range.toIso}~` },
    ScanIndexForward: false,
  });
  return items.map(parseStoredPayment);
}
