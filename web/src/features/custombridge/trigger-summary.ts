import type { Trigger } from '@shared/contracts/bridge';
import { formatPrice } from '@/lib/format/price';
import { quantityLabelFor } from './trigger-form';

/** How a trigger set to the alert's symbols names what it trades (the trigger dialog and row). */
export const ALERT_SYMBOLS_TEXT = "the alert's symbols";

/**
 * The side a trigger without a fixed one trades, as the signal worker decides it
 * (functions/signals/custom-bridge/trigger-plan.ts): options are bought, CE on UP and PE on DOWN;
 * equities and futures are bought on UP and sold on DOWN.
 */
const SIDE_OF_DIRECTION = { UP: 'BUY', DOWN: 'SELL' } as const;
const OPTION_SIDE_OF_DIRECTION = { UP: 'CE', DOWN: 'PE' } as const;

export function tradeSideOf(trigger: Pick<Trigger, 'transaction_type' | 'script_type' | 'direction'>): 'BUY' | 'SELL' {
  if (trigger.transaction_type !== null) return trigger.transaction_type;
  return trigger.script_type === 'OPTION' ? 'BUY' : SIDE_OF_DIRECTION[trigger.direction];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const strikeText = (offset: number) => (offset === 0 ? 'ATM' : offset > 0 ? `ATM +${offset} (OTM)` : `ATM ${offset} (ITM)`);

const EXPIRY_ORDINALS = ['nearest', 'next'];
const expiryText = (trigger: Trigger) => {
  const which = EXPIRY_ORDINALS[trigger.expiry_gap] ?? `${trigger.expiry_gap + 1}th`;
  return `${which} ${trigger.expiry_type ?? ''} expiry`.replace(/\s+/g, ' ');
};

const OPTION_BASE_TEXTS: Readonly<Record<NonNullable<Trigger['option_base']>, string>> = {
  INDEX: 'strikes from the index',
  STOCK: 'strikes from the stock',
  FUTURE: 'strikes from the future',
};

/** What a trigger trades, in a few words: "EQUITY NSE:SBIN", "OPTION NIFTY CE ATM +1 (OTM), nearest weekly expiry (strikes from the index)". */
export function instrumentText(trigger: Trigger): string {
  const SCRIPT_TYPE_TEXTS: Readonly<Record<Trigger['script_type'], () => string>> = {
    EQUITY: () => `EQUITY ${trigger.exchange ? `${trigger.exchange}:` : ''}${trigger.script}`,
    FUTURE: () => `FUTURE ${trigger.script}, ${expiryText(trigger)}`,
    OPTION: () => {
      const side = trigger.option_side ?? OPTION_SIDE_OF_DIRECTION[trigger.direction];
      const base = trigger.option_base ? ` (${OPTION_BASE_TEXTS[trigger.option_base]})` : '';
      return `OPTION ${trigger.script} ${side} ${strikeText(trigger.strike_offset)}, ${expiryText(trigger)}${base}`;
    },
  };
  return SCRIPT_TYPE_TEXTS[trigger.script_type]();
}

const PRODUCT_TEXTS: Readonly<Record<Trigger['product'], string>> = {
  INTRADAY: 'intraday',
  CARRYFORWARD: 'carry forward',
  DELIVERY: 'delivery',
  MARGIN: 'margin',
};

const priceOf = (value: number | null) => (value === null ? '—' : formatPrice(value));

const ORDER_TYPE_TEXTS: Readonly<Record<Trigger['order_type'], (trigger: Trigger) => string>> = {
  MARKET: () => 'at market',
  LIMIT: (trigger) => `at limit ${priceOf(trigger.price)}`,
  SL: (trigger) => `stop-loss order, trigger ${priceOf(trigger.trigger_price)}, limit ${priceOf(trigger.price)}`,
};

/** The order it places, as a trader says it: "Buy 1 share at market, intraday", "Sell 2 lots at limit 120.00, carry forward". */
export function orderText(trigger: Trigger): string {
  const isShares = quantityLabelFor(trigger.script_type) === 'Quantity';
  const quantity = isShares ? plural(trigger.quantity, 'share', 'shares') : plural(trigger.quantity, 'lot', 'lots');
  const side = tradeSideOf(trigger) === 'BUY' ? 'Buy' : 'Sell';
  return `${side} ${quantity} ${ORDER_TYPE_TEXTS[trigger.order_type](trigger)}, ${PRODUCT_TEXTS[trigger.product]}`;
}

const crossing = (direction: 'ABOVE' | 'BELOW' | null) => (direction === 'BELOW' ? 'below' : 'above');

/** When it enters: "enters at once", "enters when the price goes above 820.00", "enters when a 5-minute candle closes below 24,000.00". */
export function entryText(trigger: Trigger): string {
  if (trigger.entry_type === 'DIRECT') return 'enters at once';
  const level = `${crossing(trigger.entry_direction)} ${priceOf(trigger.entry_price)}`;
  if (trigger.entry_type === 'CANDLE') return `enters when a ${trigger.candle_timeframe ?? ''}-minute candle closes ${level}`;
  return `enters when the price goes ${level}`;
}

type LevelType = NonNullable<Trigger['tgt_type']>;

/** A target or stop-loss level: "10 points", "1.5%", "at 820.00", "at 820.00 on a candle close". */
function levelText(type: LevelType | null, value: number | null): string {
  const LEVEL_TEXTS: Readonly<Record<LevelType, () => string>> = {
    POINT: () => `${value ?? '—'} points`,
    PERCENTAGE: () => `${value ?? '—'}%`,
    LTP: () => `at ${priceOf(value)}`,
    CANDLE: () => `at ${priceOf(value)} on a candle close`,
  };
  return type ? LEVEL_TEXTS[type]() : String(value ?? '');
}

const whenCrossed = (direction: Trigger['tgt_direction']) => (direction ? ` (price ${crossing(direction)})` : '');

function trailText(trigger: Trigger): string {
  const unit = trigger.trail_type === 'PERCENTAGE' ? '%' : ' points';
  const start = trigger.trail_trigger ? ` once the price has moved ${trigger.trail_trigger}${unit} its way` : '';
  return `stop-loss trails ${trigger.trail_point ?? '—'}${unit} for every ${trigger.trail_gap ?? '—'}${unit}${start}`;
}

/** Its exits: "target 10 points · stop-loss 1% · stop-loss trails 2 points for every 5 points", or "no target or stop-loss". */
export function exitsText(trigger: Trigger): string {
  const parts = [
    trigger.is_tgt ? `target ${levelText(trigger.tgt_type, trigger.tgt_value)}${whenCrossed(trigger.tgt_direction)}` : null,
    trigger.is_sl ? `stop-loss ${levelText(trigger.sl_type, trigger.sl_value)}${whenCrossed(trigger.sl_direction)}` : null,
    trigger.is_trail_set ? trailText(trigger) : null,
    trigger.exit_opposite ? `closes the bridge's ${trigger.direction === 'UP' ? 'DOWN' : 'UP'} positions first` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'no target or stop-loss' : parts.join(' · ');
}

/**
 * What a trigger trades: its script, or for one set to the alert's symbols the words saying so in the
 * script's place ("EQUITY the alert's symbols (NSE unless the alert names one)", "OPTION the alert's
 * symbols CE ATM, nearest monthly expiry (strikes from the stock)").
 */
export function tradesText(trigger: Trigger): string {
  if (trigger.script_source === 'TRIGGER') return instrumentText(trigger);
  const fallbackExchange = trigger.exchange ? ` (${trigger.exchange} unless the alert names one)` : '';
  return `${instrumentText({ ...trigger, exchange: null, script: ALERT_SYMBOLS_TEXT })}${fallbackExchange}`;
}
