import { bankTransferContracts } from '@shared/contracts/bank-transfers';
import { acceptAttribute, filePartOf } from '@/lib/file-part-check';

/** The receipt image part of the upload call: png, jpeg or webp, at most 2 MB (the same checks as the profile picture). */
export const RECEIPT_PART = filePartOf(bankTransferContracts.uploadBankTransferReceipt, 'receipt');
export const RECEIPT_ACCEPT = acceptAttribute(RECEIPT_PART);
export const RECEIPT_HINT = 'PNG, JPEG or WebP, at most 2 MB.';
