import * as z from 'zod';

/** States and transitions of spec §4, each once. */
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'rejected', 'failed'] as const;
export const ORDER_ACTIONS = ['cancel', 'modify', 'converttomarket'] as const;
export const EXIT_DIRECTIONS = ['DOWN', 'UP', 'EXIT'] as const;
export const POSITION_STATUSES = ['WAITING', 'OPEN', 'GROUP_TGT', 'GROUP_SL'] as const;
export const POSITION_LEG_KINDS = ['TGT', 'SL', 'TRADING', 'START_TIME', 'END_TIME'] as const;
export const CASHOUT_STATUSES = ['pending', 'initiate', 'completed', 'rejected'] as const;
export const CASHOUT_CHOICES = ['credit', 'withdraw'] as const;
export const WALLET_TRANSACTION_TYPES = ['credit', 'debit'] as const;
export const BROKER_STATUSES = ['available', 'connected', 'expired', 'deleted'] as const;
export const OTP_FLOW_STATES = ['mobile-used', 'otp', 'otp-expired', 'otp-invalid'] as const;
export const AUTH_SCREEN_MODES = ['LOGIN', 'REGISTER', 'FORGOT_PASSWORD'] as const;

/** Order lifecycle inside the platform (DESIGN.md §5): intent first, then the broker's answer. */
export const ORDER_SUBMISSION_STATES = ['SUBMITTING', 'SUBMITTED', 'REJECTED', 'UNKNOWN'] as const;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const orderActionSchema = z.enum(ORDER_ACTIONS);
export const exitDirectionSchema = z.enum(EXIT_DIRECTIONS);
export const positionStatusSchema = z.enum(POSITION_STATUSES);
export const positionLegKindSchema = z.enum(POSITION_LEG_KINDS);
export const cashoutStatusSchema = z.enum(CASHOUT_STATUSES);
export const cashoutChoiceSchema = z.enum(CASHOUT_CHOICES);
export const walletTransactionTypeSchema = z.enum(WALLET_TRANSACTION_TYPES);
export const brokerStatusSchema = z.enum(BROKER_STATUSES);
export const otpFlowStateSchema = z.enum(OTP_FLOW_STATES);

export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type BrokerStatus = z.infer<typeof brokerStatusSchema>;

/** Allowed broker-account transitions: available → connected → expired → deleted (and reconnects). */
export const BROKER_STATUS_TRANSITIONS: Readonly<Record<BrokerStatus, readonly BrokerStatus[]>> = {
  available: ['connected', 'deleted'],
  connected: ['expired', 'deleted'],
  expired: ['connected', 'deleted'],
  deleted: [],
};

export function canMoveBrokerStatus(from: BrokerStatus, to: BrokerStatus): boolean {
  return BROKER_STATUS_TRANSITIONS[from].includes(to);
}

/** Statuses after which an order can no longer change. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'rejected', 'failed'];
