import type { Script } from '@shared/contracts/scripts';

/** What the ticket needs to know about the script it trades; watch-list entries and search results both fit. */
export type TicketScript = Pick<Script, 'script_id' | 'trading_symbol' | 'exchange' | 'lot_size' | 'tick_size'> & {
  /** The readable label (`NIFTY 30 DEC 25 24000 CE`) when the caller has one. */
  display_name?: string;
};

export function scriptLabelOf(script: TicketScript): string {
  return script.display_name ?? script.trading_symbol;
}
