import { VisuallyHidden } from '@aws-amplify/ui-react';
import type { WatchlistEntry } from '@shared/contracts/watchlist';
import { directionOf, type PriceDirection } from '@/lib/price-direction';
import { formatSignedPrice } from '../price-format';

/** How each direction of a move is coloured and read out. */
const PRICE_DIRECTIONS: Readonly<Record<PriceDirection, { className: string; spoken: string }>> = {
  up: { className: 'price-change--up', spoken: 'up' },
  down: { className: 'price-change--down', spoken: 'down' },
  flat: { className: 'price-change--flat', spoken: 'unchanged' },
};

/** The move since the previous close, green up, red down; a dash when no previous close is known. */
export function PriceChange({ entry }: { entry: Pick<WatchlistEntry, 'change' | 'change_percent'> }) {
  if (entry.change === null) return <span className="price-change price-change--flat">—</span>;
  const direction = PRICE_DIRECTIONS[directionOf(entry.change)];
  const percent = entry.change_percent === null ? '' : ` (${formatSignedPrice(entry.change_percent)}%)`;
  return (
    <span className={`price-change ${direction.className}`} data-direction={directionOf(entry.change)}>
      <VisuallyHidden>{direction.spoken} </VisuallyHidden>
      {formatSignedPrice(entry.change)}
      {percent}
    </span>
  );
}
