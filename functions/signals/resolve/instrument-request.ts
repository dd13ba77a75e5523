import type { ExpiryType } from '../../market/listed-expiries';
import type { EXCHANGES } from '../../../shared/domain/ranges';

/**
 * What a signal asks to trade, before the instrument master answers which contract it is. Both
 * bridges produce one: a JSON bridge order from its fields (`script`, `script_type`,
 * `option_selection`, `premium_value` / `max_variation`, `atm_gap`, `expiry_type` / `expiry_gap`), a
 * custom bridge trigger from its template (script type, option base, strike offset, expiry) and the
 * signal's direction (UP buys calls, DOWN buys puts when the trigger trades options on the direction).
 */
export type InstrumentRequest =
  /** An exact trading symbol (EQ, FUT by symbol, or an option by SYMBOL_BASED). */
  | { readonly kind: 'symbol'; readonly symbol: string; readonly exchange: (typeof EXCHANGES)[number] | null }
  /** The future of `underlying` at the `expiryGap`-th expiry of `expiryType` (0 = nearest). */
  | { readonly kind: 'future'; readonly underlying: string; readonly expiryType: ExpiryType; readonly expiryGap: number }
  /** The option of `underlying` on `side` at the chosen expiry, `atmGap` strikes away from ATM (positive OTM, negative ITM). */
  | { readonly kind: 'option-atm'; readonly underlying: string; readonly side: 'CE' | 'PE'; readonly expiryType: ExpiryType; readonly expiryGap: number; readonly atmGap: number }
  /** The option whose premium is nearest `premium`, within `maxVariation` of it. */
  | {
      readonly kind: 'option-premium';
      readonly underlying: string;
      readonly side: 'CE' | 'PE';
      readonly expiryType: ExpiryType;
      readonly expiryGap: number;
      readonly premium: number;
      readonly maxVariation: number;
    };
