import type { WatchlistScript } from '../../../../shared/contracts/scripts';

/** Spec §5: these exchanges and script types trade by quantity; everything else by order lot. */
const QUANTITY_MARKERS: readonly string[] = ['NSE', 'BSE', 'EQUITY', 'EQ'];

export type QuantityLabel = 'Quantity' | 'Order Lot';

/** Spec §5's quantity label for a value (exchange or script type), trimmed first. */
export function quantityLabelOf(value: string): QuantityLabel {
  return QUANTITY_MARKERS.includes(value.trim()) ? 'Quantity' : 'Order Lot';
}

/** How a script is ordered: `Quantity` for cash equities, `Order Lot · 75 per lot` for derivatives. */
export function orderUnitOf(script: Pick<WatchlistScript, 'exchange' | 'instrument_type' | 'lot_size'>): string {
  const byExchange = quantityLabelOf(script.exchange);
  const byType = quantityLabelOf(script.instrument_type);
  if (byExchange === 'Quantity' || byType === 'Quantity') return 'Quantity';
  return `Order Lot · ${script.lot_size} per lot`;
}
