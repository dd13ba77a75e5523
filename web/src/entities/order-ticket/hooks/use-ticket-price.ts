import { useScriptLtp } from '../api/use-script-ltp';
import { priceInputText, roundToTick } from '../tick-price';
import type { TicketScript } from '../ticket-script';

/**
 * The script's LTP for a ticket (the opener's hint until the fresh quote arrives) and the price the
 * form shows: what the user typed, else the LTP on the tick.
 */
export function useTicketPrice(script: TicketScript, typedPrice: string | null, ltpHint?: number) {
  const quote = useScriptLtp(script.script_id);
  const ltp = quote.data?.ltp ?? ltpHint;
  const priceText = typedPrice ?? (ltp === undefined ? '' : priceInputText(roundToTick(ltp, script.tick_size), script.tick_size));
  return { ltp, priceText };
}
