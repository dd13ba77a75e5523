import type { Trigger } from '@shared/contracts/bridge';
import { quantityLabelFor } from './trigger-form';

/** How a trigger set to the alert's symbols names what it trades (the trigger dialog and row). */
export const ALERT_SYMBOLS_TEXT = "the alert's symbols";

const strikeText = (offset: number) => (offset === 0 ? 'ATM' : offset > 0 ? `ATM +${offset} (OTM)` : `ATM ${offset} (ITM)`);
const expiryText = (trigger: Trigger) => `${trigger.expiry_type ?? ''} expiry${trigger.expiry_gap === 0 ? '' : ` +${trigger.expiry_gap}`}`;

/** What a trigger trades, in a few words: "EQUITY NSE:SBIN", "OPTION NIFTY ATM +1 (OTM) CE/PE, weekly expiry". */
export function instrumentText(trigger: Trigger): string {
  const SCRIPT_TYPE_TEXTS: Readonly<Record<Trigger['script_type'], () => string>> = {
    EQUITY: () => `EQUITY ${trigger.exchange ? `${trigger.exchange}:` : ''}${trigger.script}`,
    FUTURE: () => `FUTURE ${trigger.script}, ${expiryText(trigger)}`,
    OPTION: () => `OPTION ${trigger.script} (${trigger.option_base ?? ''}) ${strikeText(trigger.strike_offset)} ${trigger.option_side ?? 'CE/PE'}, ${expiryText(trigger)}`,
  };
  return SCRIPT_TYPE_TEXTS[trigger.script_type]();
}

/** The order it places: "BUY 1 share MARKET INTRADAY", "direction's side 2 lots LIMIT 120". */
export function orderText(trigger: Trigger): string {
  const unit = quantityLabelFor(trigger.script_type) === 'Quantity' ? (trigger.quantity === 1 ? 'share' : 'shares') : trigger.quantity === 1 ? 'lot' : 'lots';
  const side = trigger.transaction_type ?? "direction's side";
  const price = trigger.order_type === 'MARKET' ? '' : ` @ ${trigger.price ?? ''}${trigger.trigger_price === null ? '' : ` trg ${trigger.trigger_price}`}`;
  return `${side} ${trigger.quantity} ${unit} ${trigger.order_type}${price} ${trigger.product}`;
}

/** When it enters: "DIRECT", "LTP ABOVE 820", "CANDLE 5m BELOW 24000". */
export function entryText(trigger: Trigger): string {
  if (trigger.entry_type === 'DIRECT') return 'DIRECT';
  const candle = trigger.entry_type === 'CANDLE' && trigger.candle_timeframe ? ` ${trigger.candle_timeframe}m` : '';
  return `${trigger.entry_type}${candle} ${trigger.entry_direction ?? ''} ${trigger.entry_price ?? ''}`.trim();
}

/** Its exits: "TGT POINT 10 · SL PERCENTAGE 1 · trail" or "no exits". */
export function exitsText(trigger: Trigger): string {
  const parts = [
    trigger.is_tgt ? `TGT ${trigger.tgt_type ?? ''} ${trigger.tgt_value ?? ''}` : null,
    trigger.is_sl ? `SL ${trigger.sl_type ?? ''} ${trigger.sl_value ?? ''}` : null,
    trigger.is_trail_set ? `trail ${trigger.trail_point ?? ''} per ${trigger.trail_gap ?? ''} ${trigger.trail_type ?? ''}` : null,
    trigger.exit_opposite ? 'exits opposite first' : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'no exits' : parts.join(' · ');
}

/**
 * What a trigger trades: its script, or for one set to the alert's symbols the words saying so in the
 * script's place ("EQUITY the alert's symbols (NSE unless the alert names one)", "OPTION the alert's
 * symbols (STOCK) ATM CE/PE, monthly expiry").
 */
export function tradesText(trigger: Trigger): string {
  if (trigger.script_source === 'TRIGGER') return instrumentText(trigger);
  const fallbackExchange = trigger.exchange ? ` (${trigger.exchange} unless the alert names one)` : '';
  return `${instrumentText({ ...trigger, exchange: null, script: ALERT_SYMBOLS_TEXT })}${fallbackExchange}`;
}
