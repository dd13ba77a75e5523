import type { OneClickChange } from '@/entities/orders/order-book-actions';
import type { ChangeScope } from './change-scope';

export { ONE_CLICK_CHANGE_ORDER, type OneClickChange } from '@/entities/orders/order-book-actions';

interface PendingActionStyle {
  button: string;
  title: (scope: ChangeScope) => string;
  /** What will happen, naming the order(s). */
  text: (name: string) => string;
  confirm: string;
  pending: string;
}

/** The confirmed one-click changes of a group's pending order(s) (modify has its own dialog). */
export const PENDING_ACTIONS: Readonly<Record<OneClickChange, PendingActionStyle>> = {
  cancel: {
    button: 'Cancel',
    title: (scope) => (scope.kind === 'one' ? 'Cancel this order?' : 'Cancel this group order?'),
    text: (name) => `${name}: withdrawn at the broker. What has filled stays filled.`,
    confirm: 'Cancel order',
    pending: 'Cancelling…',
  },
  converttomarket: {
    button: 'Convert to market',
    title: (scope) => (scope.kind === 'one' ? 'Convert to a market order?' : 'Convert the group order to market?'),
    text: (name) => `${name}: becomes a MARKET order and fills at the best price available now.`,
    confirm: 'Convert to market',
    pending: 'Converting…',
  },
};
