/** What the price chart needs to know about the script it draws: watch-list rows, positions and chain cells all fit. */
export interface ChartScript {
  readonly script_id: string;
  readonly trading_symbol: string;
  /** The readable label (`NIFTY 01 DEC 26 24000 CE`) when the caller has one. */
  readonly display_name?: string | undefined;
}

export function chartTitleOf(script: ChartScript): string {
  return `Price chart: ${script.display_name ?? script.trading_symbol}`;
}
