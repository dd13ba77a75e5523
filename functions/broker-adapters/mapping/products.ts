import { PRODUCTS } from '../../../shared/domain/ranges';
import type { MappedBroker } from './mapped-brokers';
import { reverseLookup } from './reverse-lookup';

export type Product = (typeof PRODUCTS)[number];

/**
 * Platform product → broker product code (reference/brokers.md §9.1). MARGIN means margin-funded
 * equity delivery (MTF); null = the broker has no such product, so the order is refused before calling.
 * Kite MTF is not in the official SDK constants (§9.1, UNVERIFIED), hence null.
 */
export const PRODUCT_CODES: Readonly<Record<MappedBroker, Readonly<Record<Product, string | null>>>> = {
  zerodha: { INTRADAY: 'MIS', CARRYFORWARD: 'NRML', DELIVERY: 'CNC', MARGIN: null },
  angelone: { INTRADAY: 'INTRADAY', CARRYFORWARD: 'CARRYFORWARD', DELIVERY: 'DELIVERY', MARGIN: 'MARGIN' },
  /** Upstox `D` is delivery on `*_EQ` and carry-forward on `*_FO`: the reading side looks at the exchange. */
  upstox: { INTRADAY: 'I', CARRYFORWARD: 'D', DELIVERY: 'D', MARGIN: 'MTF' },
  /** Fyers and Dhan call F&O carry-forward `MARGIN` (= NRML): never pass the platform word through. */
  fyers: { INTRADAY: 'INTRADAY', CARRYFORWARD: 'MARGIN', DELIVERY: 'CNC', MARGIN: 'MTF' },
  dhan: { INTRADAY: 'INTRADAY', CARRYFORWARD: 'MARGIN', DELIVERY: 'CNC', MARGIN: 'MTF' },
};

/** Codes the platform never sends but may find in books (orders placed elsewhere), read as the nearest product. */
export const EXTRA_PRODUCT_READINGS: Readonly<Record<MappedBroker, Readonly<Record<string, Product>>>> = {
  zerodha: { CO: 'INTRADAY', BO: 'INTRADAY', MTF: 'MARGIN' },
  angelone: { BO: 'INTRADAY' },
  upstox: { CO: 'INTRADAY', OCO: 'INTRADAY' },
  fyers: { CO: 'INTRADAY', BO: 'INTRADAY' },
  dhan: { CO: 'INTRADAY', BO: 'INTRADAY' },
};

export function brokerProductCode(broker: MappedBroker, product: Product): string | null {
  return PRODUCT_CODES[broker][product];
}

/** The platform product of a broker code, or null when the code is not known. */
export function platformProductOf(broker: MappedBroker, code: string): Product | null {
  return reverseLookup(PRODUCTS, PRODUCT_CODES[broker], code) ?? EXTRA_PRODUCT_READINGS[broker][code] ?? null;
}
