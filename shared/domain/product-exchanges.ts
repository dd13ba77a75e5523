import { PRODUCTS, type EXCHANGES } from './ranges';

type Exchange = (typeof EXCHANGES)[number];
type Product = (typeof PRODUCTS)[number];

/**
 * Where each product may be used (reference/brokers.md §9.1): DELIVERY and MARGIN (equity MTF) on the
 * cash exchanges, CARRYFORWARD on the derivative ones, INTRADAY anywhere. The server refuses any other
 * pair; the ticket offers only these.
 */
export const PRODUCT_EXCHANGES: Readonly<Record<Product, readonly Exchange[]>> = {
  INTRADAY: ['NSE', 'BSE', 'NFO', 'BFO', 'MCX'],
  CARRYFORWARD: ['NFO', 'BFO', 'MCX'],
  DELIVERY: ['NSE', 'BSE'],
  MARGIN: ['NSE', 'BSE'],
};

export function productAllowedOn(product: Product, exchange: Exchange): boolean {
  return PRODUCT_EXCHANGES[product].includes(exchange);
}

/** The products a script of this exchange can be traded with, in the spec's order. */
export function productsFor(exchange: Exchange): Product[] {
  return PRODUCTS.filter((product) => productAllowedOn(product, exchange));
}
