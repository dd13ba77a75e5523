import { productsFor } from '@shared/domain/product-exchanges';
import type { PRODUCTS } from '@shared/domain/ranges';

export type Product = (typeof PRODUCTS)[number];

export { productsFor };

/** Short enough for a half-width select; the brokers' own words (MIS, NRML, CNC, MTF) in brackets. */
export const PRODUCT_LABELS: Readonly<Record<Product, string>> = {
  INTRADAY: 'Intraday (MIS)',
  CARRYFORWARD: 'Carry forward (NRML)',
  DELIVERY: 'Delivery (CNC)',
  MARGIN: 'Margin (MTF)',
};
