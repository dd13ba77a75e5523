import * as z from 'zod';
import { IMAGE_TYPES } from '../../../shared/contracts/define-call';

/** The claim's receipt image: where it is in the private file store (a key with a random part) and its type. */
export const storedReceiptSchema = z.object({
  key: z.string(),
  content_type: z.enum(IMAGE_TYPES),
  uploaded_at: z.string(),
});
export type StoredReceipt = z.infer<typeof storedReceiptSchema>;

export const storedBankTransferSchema = z.object({
  transfer_id: z.string(),
  frch_id: z.number().int(),
  user_id: z.number().int(),
  utr: z.string(),
  amount_paise: z.number().int(),
  note: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  reject_reason: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  credit_key: z.string().nullable(),
  /** Claims stored before receipts existed have none. */
  receipt: storedReceiptSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredBankTransfer = z.infer<typeof storedBankTransferSchema>;

export function parseStoredBankTransfer(item: Record<string, unknown>): StoredBankTransfer {
  return storedBankTransferSchema.parse(item);
}
