import type { Instrument } from '../../../shared/domain/instruments';
import { baseNameOf } from '../../market/symbol-format';
import { hashText } from './seeded-random';

/**
 * The simulated market's reference table: where each underlying's random walk is centred and its fixed
 * annual volatility: both how fast the walk moves (on market time, market-time.ts) and the implied
 * volatility its options are priced with, so options and their underlying agree. Levels are rough
 * late-2025 figures, good enough for forward testing; nothing here claims to be a live price.
 */
export const ASSET_CLASSES = ['index', 'stock', 'commodity'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export interface AssetClassProfile {
  /** Annualised volatility of an underlying of the class that has none of its own. */
  readonly impliedVolatility: number;
}

export const ASSET_CLASS_PROFILES: Readonly<Record<AssetClass, AssetClassProfile>> = {
  index: { impliedVolatility: 0.14 },
  stock: { impliedVolatility: 0.28 },
  commodity: { impliedVolatility: 0.3 },
};

/** Annual risk-free rate: the carry in futures prices and the discount rate in option prices. */
export const RISK_FREE_RATE = 0.065;

export interface ReferenceUnderlying {
  readonly level: number;
  readonly assetClass: AssetClass;
  readonly impliedVolatility?: number;
}

export const REFERENCE_UNDERLYINGS: Readonly<Record<string, ReferenceUnderlying>> = {
  NIFTY: { level: 24_000, assetClass: 'index', impliedVolatility: 0.13 },
  BANKNIFTY: { level: 52_000, assetClass: 'index', impliedVolatility: 0.15 },
  FINNIFTY: { level: 23_500, assetClass: 'index', impliedVolatility: 0.15 },
  MIDCPNIFTY: { level: 12_500, assetClass: 'index', impliedVolatility: 0.18 },
  NIFTYNXT50: { level: 68_000, assetClass: 'index', impliedVolatility: 0.17 },
  SENSEX: { level: 80_000, assetClass: 'index', impliedVolatility: 0.13 },
  BANKEX: { level: 58_000, assetClass: 'index', impliedVolatility: 0.15 },
  RELIANCE: { level: 1_400, assetClass: 'stock', impliedVolatility: 0.24 },
  TCS: { level: 3_500, assetClass: 'stock', impliedVolatility: 0.22 },
  HDFCBANK: { level: 1_000, assetClass: 'stock', impliedVolatility: 0.2 },
  ICICIBANK: { level: 1_400, assetClass: 'stock', impliedVolatility: 0.22 },
  INFY: { level: 1_600, assetClass: 'stock', impliedVolatility: 0.25 },
  SBIN: { level: 800, assetClass: 'stock', impliedVolatility: 0.26 },
  BHARTIARTL: { level: 1_900, assetClass: 'stock', impliedVolatility: 0.22 },
  ITC: { level: 420, assetClass: 'stock', impliedVolatility: 0.2 },
  LT: { level: 3_600, assetClass: 'stock', impliedVolatility: 0.24 },
  KOTAKBANK: { level: 2_000, assetClass: 'stock', impliedVolatility: 0.22 },
  AXISBANK: { level: 1_150, assetClass: 'stock', impliedVolatility: 0.25 },
  HINDUNILVR: { level: 2_400, assetClass: 'stock', impliedVolatility: 0.2 },
  MARUTI: { level: 12_500, assetClass: 'stock', impliedVolatility: 0.25 },
  TATASTEEL: { level: 170, assetClass: 'stock', impliedVolatility: 0.3 },
  CRUDEOIL: { level: 5_800, assetClass: 'commodity', impliedVolatility: 0.35 },
  CRUDEOILM: { level: 5_800, assetClass: 'commodity', impliedVolatility: 0.35 },
  GOLD: { level: 125_000, assetClass: 'commodity', impliedVolatility: 0.18 },
  GOLDM: { level: 125_000, assetClass: 'commodity', impliedVolatility: 0.18 },
  SILVER: { level: 150_000, assetClass: 'commodity', impliedVolatility: 0.3 },
  SILVERM: { level: 150_000, assetClass: 'commodity', impliedVolatility: 0.3 },
  NATURALGAS: { level: 350, assetClass: 'commodity', impliedVolatility: 0.55 },
  NATGASMINI: { level: 350, assetClass: 'commodity', impliedVolatility: 0.55 },
  COPPER: { level: 1_000, assetClass: 'commodity', impliedVolatility: 0.22 },
};

/**
 * The symbol an instrument's price follows: the trading symbol of an equity (SBIN, whose master `name`
 * is the company name, 'State Bank of India'), the underlying of a derivative (NIFTY for NIFTY options).
 * So an equity, its listing on the other exchange and its futures and options share one walk.
 */
export function underlyingSymbolOf(instrument: Instrument): string {
  return baseNameOf(instrument);
}

/**
 * Simplification: an underlying missing from the table is an equity (or, on MCX, a commodity) centred
 * on a level derived from its symbol's hash — ₹100 to ₹4,999 — so every symbol of a real master gets a
 * stable, plausible price without a table row.
 */
function fallbackUnderlying(instrument: Instrument): ReferenceUnderlying {
  const level = 100 + (hashText(underlyingSymbolOf(instrument)) % 4_900);
  return { level, assetClass: instrument.exchange === 'MCX' ? 'commodity' : 'stock' };
}

/** The reference row of an instrument's underlying symbol (NIFTY for NIFTY options, SBIN for SBIN). */
export function referenceOf(instrument: Instrument): ReferenceUnderlying {
  return REFERENCE_UNDERLYINGS[underlyingSymbolOf(instrument)] ?? fallbackUnderlying(instrument);
}

/** The underlying's annual volatility: its walk's and its options' alike. */
export function impliedVolatilityOf(reference: ReferenceUnderlying): number {
  return reference.impliedVolatility ?? ASSET_CLASS_PROFILES[reference.assetClass].impliedVolatility;
}
