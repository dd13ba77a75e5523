import type { OptionUnderlying } from '../../shared/contracts/option-chain';
import { instrumentMaster } from './instrument-master';
import { liveExpiries, optionChainIndexOf } from './option-chain-index';

/** How many chains a search offers at most. */
export const MAX_OFFERED_CHAINS = 5;

/**
 * Underlyings with options whose name starts with the first word typed ("nifty" → NIFTY, NIFTYNXT50;
 * "NIFTY 24000 CE" → NIFTY), exact name first, then shorter names: a search for an underlying offers
 * its option chain before hundreds of single contracts. Underlyings with no expiry still trading are
 * left out.
 */
export async function searchOptionUnderlyings(text: string, at: Date, limit = MAX_OFFERED_CHAINS): Promise<OptionUnderlying[]> {
  const word = text.trim().toUpperCase().split(/\s+/)[0] ?? '';
  if (word === '') return [];
  const index = optionChainIndexOf(await instrumentMaster());
  const matches = index.all
    .filter((options) => options.underlying.startsWith(word))
    .sort((a, b) => Number(b.underlying === word) - Number(a.underlying === word) || a.underlying.length - b.underlying.length || a.underlying.localeCompare(b.underlying));
  const offered: OptionUnderlying[] = [];
  for (const options of matches) {
    if (offered.length >= limit) break;
    const expiries = liveExpiries(options, at);
    const nearest = expiries[0];
    const anyLeg = nearest === undefined ? undefined : options.pairs(nearest).find((pair) => pair.ce ?? pair.pe);
    const lotSize = anyLeg?.ce?.lot_size ?? anyLeg?.pe?.lot_size;
    if (nearest === undefined || lotSize === undefined) continue;
    offered.push({ underlying: options.underlying, exchange: options.exchange, lot_size: lotSize, nearest_expiry: nearest, expiry_count: expiries.length });
  }
  return offered;
}
