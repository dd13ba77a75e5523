const priceFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A signed move with Indian digit grouping: +12.35, -3.10, 0.00. */
export function formatSignedPrice(change: number): string {
  return `${change > 0 ? '+' : ''}${priceFormat.format(change)}`;
}
