import type { ACTIONS, EXCHANGES, ORDER_TYPES, PRODUCTS } from '../../../shared/domain/ranges';

/** The platform's order vocabulary (reference/brokers.md §9) as types, for the paper exchange. */
export type Action = (typeof ACTIONS)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type Product = (typeof PRODUCTS)[number];
export type Exchange = (typeof EXCHANGES)[number];

/** +1 for a buy, −1 for a sell: the sign an action gives a quantity. */
export const ACTION_SIGN: Readonly<Record<Action, 1 | -1>> = { BUY: 1, SELL: -1 };

export const OPPOSITE_ACTION: Readonly<Record<Action, Action>> = { BUY: 'SELL', SELL: 'BUY' };
