/**
 * Prices are shown exactly (two decimals, Indian digit grouping): a trader reads 24,012.35, not 24.0K.
 * Spec §9's K/M/B shortening is for amounts and counts, not quotes.
 */
const priceFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPrice(price: number): string {
  return priceFormat.format(price);
}

/** A signed move: +12.35, -3.10, 0.00. */
export function formatSignedPrice(change: number): string {
  return `${change > 0 ? '+' : ''}${priceFormat.format(change)}`;
}
