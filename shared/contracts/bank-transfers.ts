import * as z from 'zod';
import { MAX_IMAGE_BYTES } from '../domain/otp';
import { defineCall, IMAGE_TYPES, type FilePart } from './define-call';
import { cursorPage, cursorPageRequest, payloadDateSchema } from './paging';
import { walletAmountPaiseSchema } from './wallet';

/**
 * Bank transfers (issue 17; spec §3 payment method BANK, §7 `getbankdetails` / `updatebankdetails`).
 * The broker panel keeps the franchise's receiving account; a user who paid into it claims the amount
 * with the transfer's UTR; the claim waits `pending` until a broker-panel user approves it (the wallet
 * is credited once) or rejects it (with a reason the user reads). A UTR is claimed once per franchise.
 */

/** Indian Financial System Code: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI id (VPA): `name@handle`. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,64}$/;
/** Indian bank account numbers: 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** A UTR / reference: NEFT 16, RTGS 22, IMPS and UPI 12 letters or digits (compared upper-case, without spaces). */
export const UTR_PATTERN = /^[A-Z0-9]{12,22}$/;

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max, `At most ${max} characters.`);

/** An Indian bank account number and IFSC, as a payer or payee types them (the franchise's account, a payout's). */
export const bankAccountNumberField = z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'The account number has 9 to 18 digits.');
export const ifscField = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(IFSC_PATTERN, 'Enter a valid IFSC (for example HDFC0001234).'));

export const updateBankDetailsSchema = z.strictObject({
  account_name: text(100, 'Enter the account holder name.'),
  account_number: bankAccountNumberField,
  ifsc: ifscField,
  bank_name: text(100, 'Enter the bank name.'),
  branch: text(100, 'Enter the branch.'),
  /** Optional: '' when the franchise takes no UPI payments. */
  upi_id: z
    .string()
    .trim()
    .refine((value) => value === '' || UPI_ID_PATTERN.test(value), 'Enter a valid UPI id (for example name@bank).')
    .default(''),
});
export type UpdateBankDetails = z.infer<typeof updateBankDetailsSchema>;

export const bankDetailsSchema = z.object({
  /** False until the broker panel saves the account: a user cannot pay by bank transfer yet. */
  configured: z.boolean(),
  account_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  upi_id: z.string(),
  updated_at: z.string().nullable(),
});
export type BankDetailsView = z.infer<typeof bankDetailsSchema>;

export const BANK_TRANSFER_STATES = ['pending', 'approved', 'rejected'] as const;
export const bankTransferStateSchema = z.enum(BANK_TRANSFER_STATES);
export type BankTransferState = z.infer<typeof bankTransferStateSchema>;

export const BANK_TRANSFER_STATE_LABELS: Readonly<Record<BankTransferState, string>> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A transfer id (a ULID, as `submitbanktransfer` answers it). */
export const transferIdField = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a bank transfer id.');

export const utrField = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(UTR_PATTERN, 'Enter the UTR / reference number of the transfer (12 to 22 letters or digits).'));

/**
 * A receipt image the user attached to a claim: the same checks as every other upload (PNG, JPEG or WEBP
 * by the file's own signature, at most 2 MB). Kept private: read only through the receipt calls below.
 */
export const BANK_TRANSFER_RECEIPT_PART: FilePart = { required: true, maxBytes: MAX_IMAGE_BYTES, types: IMAGE_TYPES };

export const bankTransferReceiptSchema = z.object({
  /** The type the image's bytes really have. */
  content_type: z.enum(IMAGE_TYPES),
  uploaded_at: z.string(),
});
export type BankTransferReceipt = z.infer<typeof bankTransferReceiptSchema>;

/** A receipt image itself, base64 in the envelope: the SPA shows it as a `data:` image. */
export const bankTransferReceiptImageSchema = z.object({
  transfer_id: z.string(),
  content_type: z.enum(IMAGE_TYPES),
  size_bytes: z.number().int().min(1),
  image_base64: z.string(),
});
export type BankTransferReceiptImage = z.infer<typeof bankTransferReceiptImageSchema>;

export const bankTransferSchema = z.object({
  transfer_id: z.string(),
  user_id: z.number().int(),
  utr: z.string(),
  /** Rupees with two decimals; `amount_paise` is the exact figure. */
  amount: z.number(),
  amount_paise: z.number().int(),
  note: z.string(),
  state: bankTransferStateSchema,
  state_text: z.string(),
  /** Why the broker panel rejected it (what the user reads), else null. */
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The receipt image the user attached, or null when none was. */
  receipt: bankTransferReceiptSchema.nullable().default(null),
});
export type BankTransferView = z.infer<typeof bankTransferSchema>;

const EXTENSION = 'The spec names BANK as a payment method and the bank details calls, but no call to claim or approve a transfer.';

export const bankDetailsContracts = {
  getBankDetails: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getbankdetails',
    // Every signed-in user of the franchise reads the receiving account: they need it to pay into it.
    role: 'user',
    withMsg: true,
    summary: "The franchise's receiving bank account (and UPI id) that users pay into before claiming a bank transfer; `configured` false until the broker panel saves it.",
    response: bankDetailsSchema,
  }),
  updateBankDetails: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/updatebankdetails',
    role: 'brokerPanel',
    withMsg: true,
    summary: "Saves the franchise's receiving bank account: account name and number, IFSC (checked), bank, branch and an optional UPI id (checked).",
    request: updateBankDetailsSchema,
    response: bankDetailsSchema,
    activity: 'Updated bank details',
  }),
} as const;

export const bankTransferContracts = {
  submitBankTransfer: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/submitbanktransfer',
    role: 'user',
    summary:
      "Claims a transfer the caller made into the franchise's account: amount in paise and the UTR. It waits for the broker panel's approval; a UTR already claimed in the franchise is a 409.",
    request: z.strictObject({ amount_paise: walletAmountPaiseSchema, utr: utrField, note: z.string().trim().max(200, 'At most 200 characters.').default('') }),
    response: bankTransferSchema,
    activity: 'Submitted a bank transfer',
    specExtension: EXTENSION,
  }),
  getBankTransfers: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getbanktransfers',
    role: 'user',
    summary: "The caller's bank transfer claims, newest first (cursor paging), with their state and any reason for a rejection.",
    request: z.strictObject({ ...cursorPageRequest }),
    response: cursorPage(bankTransferSchema),
    specExtension: EXTENSION,
  }),
  getFranchiseBankTransfers: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getfranchisebanktransfers',
    role: 'brokerPanel',
    summary: "The franchise's bank transfer claims, newest first, by state and dates (yyyy-MM-dd, Asia/Kolkata days; default the last 30 days), cursor paging.",
    request: z.strictObject({
      state: bankTransferStateSchema.optional(),
      from_date: payloadDateSchema.optional(),
      to_date: payloadDateSchema.optional(),
      ...cursorPageRequest,
    }),
    response: cursorPage(bankTransferSchema),
    specExtension: EXTENSION,
  }),
  approveBankTransfer: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/approvebanktransfer',
    role: 'brokerPanel',
    summary:
      "Approves a pending claim of the franchise: the user's wallet is credited once (approving again answers the approved claim and credits nothing). A rejected claim is a 409; another franchise's id a 404.",
    request: z.strictObject({ transfer_id: transferIdField }),
    response: bankTransferSchema,
    activity: 'Approved a bank transfer',
    specExtension: EXTENSION,
  }),
  rejectBankTransfer: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/rejectbanktransfer',
    role: 'brokerPanel',
    summary: 'Rejects a pending claim of the franchise with a reason the user reads; nothing is credited. A claim already decided is a 409.',
    request: z.strictObject({ transfer_id: transferIdField, reason: z.string().trim().min(3, 'Tell the user why (at least 3 characters).').max(300, 'At most 300 characters.') }),
    response: bankTransferSchema,
    activity: 'Rejected a bank transfer',
    specExtension: EXTENSION,
  }),
  uploadBankTransferReceipt: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/uploadbanktransferreceipt',
    role: 'user',
    summary:
      "Attaches a receipt image (png, jpeg or webp, at most 2 MB) to one of the caller's own claims while it is still pending, replacing any earlier one. A decided claim is a 409; another user's id a 404.",
    bodyKind: 'multipart',
    request: z.strictObject({ transfer_id: transferIdField }),
    files: { receipt: BANK_TRANSFER_RECEIPT_PART },
    response: bankTransferSchema,
    activity: 'Attached a bank transfer receipt',
    specExtension: EXTENSION,
  }),
  getBankTransferReceipt: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getbanktransferreceipt',
    role: 'user',
    summary: "The receipt image of one of the caller's own claims (base64, with its type). Another user's id, or a claim without a receipt, is a 404.",
    request: z.strictObject({ transfer_id: transferIdField }),
    response: bankTransferReceiptImageSchema,
    specExtension: EXTENSION,
  }),
  getFranchiseBankTransferReceipt: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getfranchisebanktransferreceipt',
    role: 'brokerPanel',
    summary: "The receipt image of a claim of the caller's franchise (base64, with its type), to check it before deciding. Another franchise's id, or a claim without a receipt, is a 404.",
    request: z.strictObject({ transfer_id: transferIdField }),
    response: bankTransferReceiptImageSchema,
    specExtension: EXTENSION,
  }),
} as const;
