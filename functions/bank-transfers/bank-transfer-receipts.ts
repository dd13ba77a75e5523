import { randomBytes } from 'node:crypto';
import type { BankTransferReceiptImage, BankTransferView } from '../../shared/contracts/bank-transfers';
import type { TransferOwner } from '../data/bank-transfers/bank-transfer-keys';
import { attachReceipt } from '../data/bank-transfers/bank-transfer-receipts-repository';
import { findFranchiseBankTransfer, getBankTransfer } from '../data/bank-transfers/bank-transfers-repository';
import type { StoredBankTransfer } from '../data/bank-transfers/stored-bank-transfer';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { UploadedFile } from '../platform/files/image-upload';
import { privateFiles } from '../platform/files/private-file-store';
import type { Logger } from '../platform/logger';
import { bankTransferView } from './bank-transfer-view';
import { TRANSFER_NOT_FOUND_MESSAGE } from './decide-bank-transfer';
import { receiptFileKey } from './receipt-keys';

export const NO_RECEIPT_MESSAGE = 'No receipt was attached to this bank transfer.';
export const RECEIPT_AFTER_DECISION_MESSAGE = 'This bank transfer has already been decided: its receipt can no longer be changed.';

/**
 * Attaches a receipt image (already checked by the contract: type by signature, size) to one of the
 * owner's own pending claims, replacing any earlier one. The image is stored first under a fresh key
 * with a random part, then recorded on the claim under the condition that it is still pending; when the
 * claim was decided meanwhile (or the write fails) the new file is deleted again, so a refused upload
 * leaves nothing stored.
 */
export async function attachOwnReceipt(owner: TransferOwner, transferId: string, image: UploadedFile, now: Date, log: Logger): Promise<BankTransferView> {
  const claim = await getBankTransfer(owner, transferId);
  if (!claim) throw new NotFoundError(TRANSFER_NOT_FOUND_MESSAGE);
  if (claim.state !== 'pending') throw new ConflictError(RECEIPT_AFTER_DECISION_MESSAGE);
  const files = await privateFiles();
  const key = receiptFileKey(owner, transferId, randomBytes(16).toString('hex'));
  await files.put(key, image.bytes, image.type);
  const attached = await attachReceipt(owner, transferId, { key, content_type: image.type, uploaded_at: now.toISOString() }, now).catch(async (error: unknown) => {
    await files.delete(key);
    throw error;
  });
  if (attached.kind === 'not-pending') {
    await files.delete(key);
    throw new ConflictError(RECEIPT_AFTER_DECISION_MESSAGE);
  }
  if (attached.replaced) {
    // The claim already names the new file: a leftover old one is only untidy, never reachable.
    await files.delete(attached.replaced.key).catch((error: unknown) => log.warn('replaced receipt not deleted', { transferId, error }));
  }
  log.info('bank transfer receipt attached', { transferId, bytes: image.bytes.length, type: image.type });
  return bankTransferView(attached.transfer);
}

async function receiptImageOf(claim: StoredBankTransfer | null): Promise<BankTransferReceiptImage> {
  if (!claim) throw new NotFoundError(TRANSFER_NOT_FOUND_MESSAGE);
  if (!claim.receipt) throw new NotFoundError(NO_RECEIPT_MESSAGE);
  const file = await (await privateFiles()).read(claim.receipt.key);
  if (!file) throw new NotFoundError(NO_RECEIPT_MESSAGE);
  return { transfer_id: claim.transfer_id, content_type: claim.receipt.content_type, size_bytes: file.bytes.length, image_base64: file.bytes.toString('base64') };
}

/** The receipt of one of the owner's own claims (anyone else's id is not found). */
export async function readOwnReceipt(owner: TransferOwner, transferId: string): Promise<BankTransferReceiptImage> {
  return receiptImageOf(await getBankTransfer(owner, transferId));
}

/** The receipt of a claim of the franchise, for its broker panel (another franchise's id is not found). */
export async function readFranchiseReceipt(frchId: number, transferId: string): Promise<BankTransferReceiptImage> {
  return receiptImageOf(await findFranchiseBankTransfer(frchId, transferId));
}
