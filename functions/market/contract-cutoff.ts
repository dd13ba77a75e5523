import type { Instrument } from '../../shared/domain/instruments';
import { parseDay } from '../../shared/domain/market-clock';
import { sessionOn } from '../broker-adapters/paper/market-hours';

/**
 * The instant a derivative stops trading for good (its cut-off): the close of its own session on its
 * expiry day — 15:30 IST for NSE and BSE derivatives (NFO, BFO); for MCX 23:30 or 23:55 for non-agri
 * commodities (by US daylight-saving time), 21:00 or 17:00 for agri ones. From that instant on, the
 * contract is gone and is never chosen as "the nearest expiry".
 */
export type ExpiringContract = Pick<Instrument, 'exchange' | 'name' | 'expiry'>;

/** Null for a contract without a valid expiry (cash instruments never expire). */
export function contractCutoff(contract: ExpiringContract): Date | null {
  const day = contract.expiry === null ? null : parseDay(contract.expiry);
  return day === null ? null : sessionOn(contract, day).closesAt;
}
