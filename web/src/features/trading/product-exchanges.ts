import { PRODUCTS, type EXCHANGES } from '../../../../shared/domain/ranges';

type Exchange = (typeof EXCHANGES)[number];
export type Product = (typeof PRODUCTS)[number];

/**
 * Where each product may be used: DELIVERY and MARGIN (equity MTF) on the cash exchanges, CARRYFORWARD
 * on the derivative ones, INTRADAY anywhere. The server refuses any other pair (reference/brokers.md §9.1);
 * it keeps the same table in functions/brokers/mapping/order-rules.ts, which the SPA may not import.
 */
const PRODUCT_EXCHANGES: Readonly<Record<Product, readonly Exchange[]>> = {
  INTRADAY: ['NSE', 'BSE', 'NFO', 'BFO', 'MCX'],
  CARRYFORWARD: ['NFO', 'BFO', 'MCX'],
  DELIVERY: ['NSE', 'BSE'],
  MARGIN: ['NSE', 'BSE'],
};

/** The products a ticket offers for a script of this exchange, in the spec's order. */
export function productsFor(exchange: Exchange): Product[] {
  return PRODUCTS.filter((product) => PRODUCT_EXCHANGES[product].includes(exchange));
}

/** Short enough for a half-width select; the brokers' own words (MIS, NRML, CNC, MTF) in brackets. */
export const PRODUCT_LABELS: Readonly<Record<Product, string>> = {
  INTRADAY: 'Intraday (MIS)',
  CARRYFORWARD: 'Carry forward (NRML)',
  DELIVERY: 'Delivery (CNC)',
  MARGIN: 'Margin (MTF)',
};
