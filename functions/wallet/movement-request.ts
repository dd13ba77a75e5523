import * as z from 'zod';
import { walletAmountPaiseSchema, walletReasonSchema, walletReferenceSchema } from '../../shared/contracts/wallet';
import { walletTransactionTypeSchema } from '../../shared/domain/states';
import type { MovementToWrite } from '../data/wallet/movement-items';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { toValidationIssues } from '../platform/http/parse-input';
import { ValidationError } from '../platform/errors';

/**
 * `<operation>#<key>`: the caller's operation (`broker-subscription`, `phonepe-payment`, …) and its own
 * key for this one movement (a client's key, a merchant order id, a payment id). Derive it from what the
 * movement is about, so every retry, webhook and poll of the same thing names the same key.
 */
export const walletIdempotencyKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}#[A-Za-z0-9_.:-]{1,128}$/, 'The idempotency key must be <operation>#<key>.');

export const walletMovementRequestSchema = z.object({
  owner: z.object({ frchId: z.number().int().positive(), userId: z.number().int().positive() }),
  direction: walletTransactionTypeSchema,
  amountPaise: walletAmountPaiseSchema,
  reason: walletReasonSchema,
  reference: walletReferenceSchema.default({}),
  /** What the trader reads in the ledger: "Monthly subscription for Zerodha Kite (AB1234)". */
  description: z.string().trim().min(1).max(200),
  idempotencyKey: walletIdempotencyKeySchema,
});

/** One movement of one wallet (the input of `moveWallet`). */
export type WalletMovementRequest = z.input<typeof walletMovementRequestSchema>;

/** What the key stands for: direction, amount, reason and reference (in a stable order). */
function fingerprintOf(request: z.output<typeof walletMovementRequestSchema>): string {
  const reference = Object.entries(request.reference).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.direction, request.amountPaise, request.reason, reference]);
}

/** Checks a movement request (a 400 in the spec's envelope when it breaks a rule) and works out its fingerprint. */
export function parseMovementRequest(request: WalletMovementRequest): { owner: WalletOwner; movement: MovementToWrite } {
  const parsed = walletMovementRequestSchema.safeParse(request);
  if (!parsed.success) throw new ValidationError(toValidationIssues(parsed.error), parsed.error.issues[0]?.message);
  const { owner, ...fields } = parsed.data;
  return {
    owner: { frchId: owner.frchId, userId: owner.userId },
    movement: {
      direction: fields.direction,
      amountPaise: fields.amountPaise,
      reason: fields.reason,
      reference: fields.reference,
      description: fields.description,
      idempotencyKey: fields.idempotencyKey,
      fingerprint: fingerprintOf(parsed.data),
    },
  };
}
