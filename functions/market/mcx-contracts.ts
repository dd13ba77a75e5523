/**
 * SIMULATOR DATA — MCX contract months and last trading days, approximated by one fixed day of the
 * month per commodity. MCX's real calendar ties each contract to its own rule (crude oil and natural gas
 * stop a few business days before the NYMEX contract; bullion on the 5th of the contract month), so
 * real dates can differ by a few days. Good enough for paper trading; never for a real broker's symbols,
 * which always come from that broker's master.
 */
export interface McxContractRule {
  /** Contract months, 1–12. */
  readonly months: readonly number[];
  /** Nominal last trading day of the month; a closure moves it to the trading day before. */
  readonly dayOfMonth: number;
}

const EVERY_MONTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const MCX_CONTRACT_RULES: Readonly<Record<string, McxContractRule>> = {
  CRUDEOIL: { months: EVERY_MONTH, dayOfMonth: 19 },
  NATURALGAS: { months: EVERY_MONTH, dayOfMonth: 26 },
  GOLD: { months: [2, 4, 6, 8, 10, 12], dayOfMonth: 5 },
  SILVER: { months: [3, 5, 7, 9, 12], dayOfMonth: 5 },
};
