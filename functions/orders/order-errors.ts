import type { ValidationIssue } from '../../shared/contracts/envelope';
import { BusinessRuleError, ConflictError, NotFoundError, ValidationError } from '../platform/errors';

/** Typed failures of the order path; the error mapper turns each into its status. */
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

/** Missing, or another user's: the caller must not learn which (404). */
export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super(ORDER_NOT_FOUND_MESSAGE);
  }
}

/** The ticket breaks an order rule (lot multiple, tick, SL trigger, product on exchange): 400 with the fields. */
export class OrderRulesError extends ValidationError {
  constructor(issues: readonly ValidationIssue[]) {
    super(issues, issues[0]?.message ?? 'The order is not valid.');
  }
}

/** The account cannot take orders now (not connected, trading turned off): 422. */
export class AccountNotTradableError extends BusinessRuleError {}

/** Only a pending order that reached the broker can be changed: 422. */
export class OrderNotChangeableError extends BusinessRuleError {}

/** An idempotency key already used for a different order: 409. */
export class PlacementKeyReusedError extends ConflictError {
  constructor() {
    super('This idempotency key was already used for another order.');
  }
}

/** Nothing to square off: 422. */
export class NoOpenPositionError extends BusinessRuleError {}

/** A group's order whose account left the group (or whose group was deleted) before it was recorded: nothing was placed (422). */
export class OrderGroupGoneError extends BusinessRuleError {
  constructor() {
    super('Not placed: the account left the group (or the group was deleted) meanwhile.');
  }
}
