import type { Position } from '@shared/contracts/ordermanager';

/** "Rolls over" on a position that rolls to the next expiry, with when in its title. */
export function PositionRolloverMarker({ position }: { position: Pick<Position, 'is_rollover' | 'rollover_gap' | 'rollover_time'> }) {
  if (!position.is_rollover) return null;
  const gap = position.rollover_gap ?? 0;
  const day = gap === 0 ? 'on the expiry day' : `${gap} trading day${gap === 1 ? '' : 's'} before expiry`;
  return (
    <span className="om-rollover" title={`Rolls over to the next expiry ${day} at ${position.rollover_time ?? ''} IST`}>
      {' · rolls over'}
    </span>
  );
}
