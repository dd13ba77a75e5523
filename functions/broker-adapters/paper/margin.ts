import type { Instrument, InstrumentType } from '../../../shared/domain/instruments';
import { roundMoney } from './price-math';
import type { Product } from './vocabulary';

/**
 * The paper margin model: a flat rate of a basis value per unit, by kind of exposure.
 *
 * | kind            | rate | basis  | meaning                                                        |
 * |-----------------|------|--------|----------------------------------------------------------------|
 * | equity-delivery | 100% | price  | DELIVERY buys pay in full                                      |
 * | equity-mtf      |  50% | price  | MARGIN (margin-funded delivery, MTF) funds half                |
 * | equity-intraday |  20% | price  | INTRADAY equity gets 5× leverage (SEBI peak-margin floor)      |
 * | future          |  12% | price  | SPAN + exposure stand-in, both sides, INTRADAY or CARRYFORWARD |
 * | option-long     | 100% | price  | option buyers pay the premium                                  |
 * | option-short    |  12% | strike | option writers: SPAN-like share of the notional at the strike  |
 *
 * Simplifications: one rate for every underlying (real SPAN varies per contract and per day), the
 * strike stands in for the underlying's value on short options, no hedge or spread benefit, no
 * premium credit for option writers, no mark-to-market margin calls.
 */
export const MARGIN_KINDS = ['equity-delivery', 'equity-mtf', 'equity-intraday', 'future', 'option-long', 'option-short'] as const;
export type MarginKind = (typeof MARGIN_KINDS)[number];

interface MarginRule {
  readonly rate: number;
  readonly basis: 'price' | 'strike';
}

export const MARGIN_RULES: Readonly<Record<MarginKind, MarginRule>> = {
  'equity-delivery': { rate: 1, basis: 'price' },
  'equity-mtf': { rate: 0.5, basis: 'price' },
  'equity-intraday': { rate: 0.2, basis: 'price' },
  future: { rate: 0.12, basis: 'price' },
  'option-long': { rate: 1, basis: 'price' },
  'option-short': { rate: 0.12, basis: 'strike' },
};

/** CARRYFORWARD never reaches an equity (rejected first); it is priced like delivery for safety. */
const EQUITY_MARGIN_KIND: Readonly<Record<Product, MarginKind>> = {
  DELIVERY: 'equity-delivery',
  CARRYFORWARD: 'equity-delivery',
  MARGIN: 'equity-mtf',
  INTRADAY: 'equity-intraday',
};

export type Side = 'long' | 'short';

const MARGIN_KIND_OF: Readonly<Record<InstrumentType, (product: Product, side: Side) => MarginKind>> = {
  EQ: (product) => EQUITY_MARGIN_KIND[product],
  FUT: () => 'future',
  CE: (_product, side) => (side === 'long' ? 'option-long' : 'option-short'),
  PE: (_product, side) => (side === 'long' ? 'option-long' : 'option-short'),
};

export function marginKindOf(instrument: Instrument, product: Product, side: Side): MarginKind {
  return MARGIN_KIND_OF[instrument.instrument_type](product, side);
}

/** Margin for `quantity` units held `side` at `price`. */
export function marginFor(instrument: Instrument, product: Product, side: Side, quantity: number, price: number): number {
  const rule = MARGIN_RULES[marginKindOf(instrument, product, side)];
  const basis = rule.basis === 'strike' ? (instrument.strike ?? price) : price;
  return roundMoney(rule.rate * basis * Math.abs(quantity));
}
