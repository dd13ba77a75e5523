import type { AlertKind, AlertMessage } from '@shared/contracts/realtime';
import { formatTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';

/** An alert as the trader reads it: a short title and one line of what happened. */
export interface AlertWords {
  readonly title: string;
  readonly body: string;
  /** Alerts about the same script and side share a tag, so an exit's notification replaces its fill's. */
  readonly tag: string;
}

const TITLES: Readonly<Record<AlertKind, string>> = {
  fill: 'Order filled',
  rejection: 'Order rejected',
  'target-exit': 'Target hit',
  'stop-loss-exit': 'Stop-loss hit',
  'session-expiring': 'Broker session ending soon',
  'session-expired': 'Broker session ended',
};

/** Good news sounds high, bad news low. */
export const GOOD_NEWS: ReadonlySet<AlertKind> = new Set(['fill', 'target-exit']);

const at = (price: number | null) => (price === null ? '' : ` at ${formatMoneyExact(price)}`);
const where = (place: string | null) => (place ? ` · ${place}` : '');
const words = (...parts: readonly (string | number | null)[]) => parts.filter((part) => part !== null && part !== '').join(' ');
const sideWord = (alert: AlertMessage, past: boolean) => (alert.side === 'SELL' ? (past ? 'Sold' : 'Sell') : past ? 'Bought' : 'Buy');

function bodyOf(alert: AlertMessage): string {
  switch (alert.kind) {
    case 'fill':
      return `${words(sideWord(alert, true), alert.quantity, alert.trading_symbol)}${at(alert.price)}${where(alert.account)}`;
    case 'rejection': {
      const why = alert.reason ? `: ${alert.reason}` : '';
      return `${words(sideWord(alert, false), alert.quantity, alert.trading_symbol)}${why}${where(alert.account)}`;
    }
    case 'target-exit':
    case 'stop-loss-exit': {
      const position = words(sideWord(alert, false).toLowerCase(), alert.quantity);
      return `${alert.trading_symbol ?? 'A position'} (${position}) exited${at(alert.price)}${where(alert.group)}`;
    }
    case 'session-expiring':
      return `${alert.account ?? 'A broker account'}: the session ends at ${formatTime(alert.at).slice(0, 5)}. Log in to the broker again to keep trading.`;
    case 'session-expired':
      return `${alert.account ?? 'A broker account'}: log in to the broker again to keep trading.`;
  }
}

export function alertWords(alert: AlertMessage): AlertWords {
  const tag = alert.trading_symbol ? `${alert.trading_symbol}-${alert.side ?? ''}` : `${alert.kind}-${alert.account ?? ''}`;
  return { title: TITLES[alert.kind], body: bodyOf(alert), tag };
}
