import type { Instrument } from '../../../shared/domain/instruments';
import { brokerExchangeCode } from './exchanges';
import type { MappedBroker } from './mapped-brokers';

/**
 * Where a broker's own addressing lives in `Instrument.broker_tokens`, first key found wins:
 * the token (Kite instrument_token, Angel symboltoken; the market loaders write it under `kite` / `angel`)
 * and the broker's trading symbol (`<broker>:tradingsymbol`, e.g. Kite `NIFTY25N1124000CE`, Angel `SBIN-EQ`).
 * `symbolWithoutKey` says what to send when the master kept no symbol; null = never guess.
 */
export interface InstrumentKeys {
  readonly tokenKeys: readonly string[];
  readonly symbolKeys: readonly string[];
  readonly tokenRequired: boolean;
  readonly symbolWithoutKey: (instrument: Instrument) => string | null;
}

/** Kite spells equities like the platform (SBIN); its F&O symbols differ (weeklies), and orders carry no token to check them. */
function kiteSymbolWithoutKey(instrument: Instrument): string | null {
  return instrument.instrument_type === 'EQ' ? instrument.trading_symbol : null;
}

/**
 * Angel NSE equities carry `-EQ`; BSE equities and F&O already use the platform format (reference/brokers.md §3.7).
 * Safe to derive because Angel checks the symbol against the token sent with it and refuses a mismatch.
 */
function angelSymbolWithoutKey(instrument: Instrument): string | null {
  if (instrument.instrument_type === 'EQ' && instrument.exchange === 'NSE') return `${instrument.trading_symbol}-EQ`;
  return instrument.trading_symbol;
}

export const INSTRUMENT_KEYS: Readonly<Record<MappedBroker, InstrumentKeys>> = {
  zerodha: {
    tokenKeys: ['zerodha', 'kite'],
    symbolKeys: ['zerodha:tradingsymbol', 'kite:tradingsymbol'],
    tokenRequired: false,
    symbolWithoutKey: kiteSymbolWithoutKey,
  },
  angelone: {
    tokenKeys: ['angelone', 'angel'],
    symbolKeys: ['angelone:tradingsymbol', 'angel:tradingsymbol'],
    tokenRequired: true,
    symbolWithoutKey: angelSymbolWithoutKey,
  },
  /** Upstox addresses an order by its instrument key (`NSE_FO|43920`) alone; the symbol is for people. */
  upstox: {
    tokenKeys: ['upstox'],
    symbolKeys: ['upstox:tradingsymbol'],
    tokenRequired: true,
    symbolWithoutKey: (instrument) => instrument.trading_symbol,
  },
  /** Fyers' master `symbolTicker` (`NSE:SBIN-EQ`, `NSE:NIFTY25N1124000CE`) is what its orders name. */
  fyers: {
    tokenKeys: ['fyers'],
    symbolKeys: ['fyers', 'fyers:tradingsymbol'],
    tokenRequired: true,
    symbolWithoutKey: () => null,
  },
  /** Dhan places by `securityId` + `exchangeSegment`; the symbol is for people. */
  dhan: {
    tokenKeys: ['dhan'],
    symbolKeys: ['dhan:tradingsymbol'],
    tokenRequired: true,
    symbolWithoutKey: (instrument) => instrument.trading_symbol,
  },
};

/** How one broker addresses one instrument; `tradingSymbol` null = the master gave no symbol (token only). */
export interface BrokerAddress {
  readonly exchange: string;
  readonly tradingSymbol: string | null;
  readonly token: string | null;
}

function firstValue(tokens: Readonly<Record<string, string>>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = tokens[key];
    if (value) return value;
  }
  return null;
}

/** Whatever the master gave this broker for the instrument, or null when it gave nothing usable. */
export function brokerAddressOf(broker: MappedBroker, instrument: Instrument): BrokerAddress | null {
  const keys = INSTRUMENT_KEYS[broker];
  const token = firstValue(instrument.broker_tokens, keys.tokenKeys);
  if (keys.tokenRequired && token === null) return null;
  const tradingSymbol = firstValue(instrument.broker_tokens, keys.symbolKeys) ?? keys.symbolWithoutKey(instrument);
  if (tradingSymbol === null && token === null) return null;
  return { exchange: brokerExchangeCode(broker, instrument.exchange), tradingSymbol, token };
}

/** An address complete enough to place an order with (a symbol, and the token where the broker needs one). */
export interface OrderAddress {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly token: string | null;
}

export function orderAddressOf(broker: MappedBroker, instrument: Instrument): OrderAddress | null {
  const address = brokerAddressOf(broker, instrument);
  if (!address || address.tradingSymbol === null) return null;
  return { exchange: address.exchange, tradingSymbol: address.tradingSymbol, token: address.token };
}
