/**
 * Where receipt images are kept in the private file store: one object per upload, under the owner and
 * the claim, ending in a random part, so a key is never guessable and a replaced receipt never collides
 * with its successor. Kept free of imports: the CDK stack reads the prefix to grant exactly these keys.
 */
export const RECEIPT_KEY_PREFIX = 'receipts/';

export function receiptFileKey(owner: { readonly frchId: number; readonly userId: number }, transferId: string, randomPart: string): string {
  return `${RECEIPT_KEY_PREFIX}${owner.frchId}/${owner.userId}/${transferId}-${randomPart}`;
}
