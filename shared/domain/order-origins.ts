import type { ORDER_ORIGINS } from './ranges';

export type OrderOriginKind = (typeof ORDER_ORIGINS)[number];

/**
 * Which order origins are automated under SEBI's retail-algo framework (reference/products.md §4: every
 * algo order carries an exchange-provided algo id). Only an order a person places by hand on the platform
 * (`manual`, square-offs pressed on a screen included) is not; a bridge signal, a copy-trading fan-out,
 * the order manager (entries, exits, rollovers) and a call through the user's API key are.
 */
const AUTOMATED: Readonly<Record<OrderOriginKind, boolean>> = {
  manual: false,
  copytrading: true,
  ordermanager: true,
  bridge: true,
  api: true,
};

export function isAutomatedOrigin(origin: OrderOriginKind): boolean {
  return AUTOMATED[origin];
}
