import { quantityLabelOf } from '@shared/contracts/orders';
import type { WatchlistScript } from '@shared/contracts/scripts';

/**
 * How a script is ordered: `Quantity` for cash equities, `Order Lot · 75 per lot` for derivatives
 * (spec §5's label, by exchange or by script type, from the order contract's own rule).
 */
export function orderUnitOf(script: Pick<WatchlistScript, 'exchange' | 'instrument_type' | 'lot_size'>): string {
  const byExchange = quantityLabelOf(script.exchange);
  const byType = quantityLabelOf(script.instrument_type);
  if (byExchange === 'Quantity' || byType === 'Quantity') return 'Quantity';
  return `Order Lot · ${script.lot_size} per lot`;
}

/**
 * What a search result adds after the script's id: the lot size of a derivative ("Lot 75"), nothing for
 * a cash equity (ordered in shares, one at a time). Same rule as `orderUnitOf`.
 */
export function lotSizeText(script: Pick<WatchlistScript, 'exchange' | 'instrument_type' | 'lot_size'>): string | null {
  return orderUnitOf(script) === 'Quantity' ? null : `Lot ${script.lot_size}`;
}
