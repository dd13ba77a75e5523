import type { Instrument } from '../../../shared/domain/instruments';
import type { PositionItem } from '../../data/ordermanager/position-item';
import { lastTradedPrices } from '../../market/ltp';

/** Live positions' prices matter (an OPEN one's P&L, a WAITING one's entry); closed ones are not priced. */
const PRICED_STATUSES: readonly PositionItem['op_status'][] = ['WAITING', 'OPEN'];

/** One instrument per script id among the positions that are priced. */
export function pricedInstrumentsOf(positions: readonly PositionItem[]): Instrument[] {
  const byScript = new Map<string, Instrument>();
  for (const position of positions) {
    if (PRICED_STATUSES.includes(position.op_status)) byScript.set(position.instrument.script_id, position.instrument);
  }
  return [...byScript.values()];
}

/** The last traded price of each distinct script, one read for all of them (functions/market/ltp.ts). */
export async function pricesOfPositions(positions: readonly PositionItem[], at: Date): Promise<ReadonlyMap<string, number>> {
  const instruments = pricedInstrumentsOf(positions);
  return instruments.length === 0 ? new Map() : lastTradedPrices(instruments, at);
}
