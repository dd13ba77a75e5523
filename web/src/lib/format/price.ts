const priceFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A price exactly, two decimals with Indian digit grouping (24,012.35; 1,23,456.50): a trader reads a
 * quote whole, not shortened like amounts (spec §9's K/M/B). '—' when there is none.
 */
export function formatPrice(price: number | null): string {
  return price === null ? '—' : priceFormat.format(price);
}
