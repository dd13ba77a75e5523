import type { OptionChain, OptionChainLeg, OptionExchange as ContractOptionExchange } from '@shared/contracts/option-chain';
import { formatCount } from '@/lib/format/number';
import type { ChartScript } from '@/entities/price-chart/chart-script';
import type { TicketScript } from '@/entities/order-ticket/ticket-script';

/** How the chain reads and hands on its figures. */
export type OptionExchange = ContractOptionExchange;

/** Open interest shortened as spec §9 shortens counts (5.4M); a dash where the price source has none. */
export function formatOpenInterest(oi: number | null): string {
  return oi === null ? '—' : formatCount(oi);
}

/** The move in open interest since the open, signed (+120.5K, -3.2K, 0). */
export function formatOpenInterestChange(change: number | null): string {
  if (change === null) return '—';
  const text = formatCount(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `-${text}` : text;
}

/** The leg as the order ticket takes it: traded in lots on the derivative exchanges. */
export function ticketScriptOf(leg: OptionChainLeg): TicketScript {
  return {
    script_id: leg.script_id,
    trading_symbol: leg.trading_symbol,
    exchange: leg.exchange,
    lot_size: leg.lot_size,
    tick_size: leg.tick_size,
    display_name: leg.display_name,
  };
}

export function chartScriptOf(leg: OptionChainLeg): ChartScript {
  return { script_id: leg.script_id, trading_symbol: leg.trading_symbol, display_name: leg.display_name };
}

/** In the money: a call below the underlying's price, a put above it. */
export function isInTheMoney(side: 'ce' | 'pe', strike: number, underlyingPrice: number): boolean {
  return side === 'ce' ? strike < underlyingPrice : strike > underlyingPrice;
}

/** How the underlying's price was found, in a trader's words. */
export function underlyingPriceNote(chain: Pick<OptionChain, 'underlying_price'>): string {
  return chain.underlying_price.source === 'cash'
    ? `spot, ${chain.underlying_price.script_id ?? 'cash market'}`
    : "synthetic future: strike + call − put where they are closest";
}

/** yyyy-MM-dd → dd-MM-yyyy (spec §9's display date). */
export function displayExpiry(expiry: string): string {
  return expiry.split('-').reverse().join('-');
}
