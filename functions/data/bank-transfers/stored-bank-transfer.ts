import * as z from 'zod';

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredBankTransfer = z.infer<typeof storedBankTransferSchema>;

export function parseStoredBankTransfer(item: Record<string, unknown>): StoredBankTransfer {
  return storedBankTransferSchema.parse(item);
}
