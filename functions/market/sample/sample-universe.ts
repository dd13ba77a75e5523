import type { DerivativeExchange } from '../underlyings';

/**
 * SIMULATOR DATA for the sample master: which instruments exist and around which price levels.
 * Lot sizes are the exchange lots of brokers.md §10.1 (index lots from the Jan-2026 expiries); stock lots,
 * strike steps and reference levels are realistic but not live. The reference levels match the paper
 * exchange's price feed (`functions/brokers/paper/reference-levels.ts`) so that its simulated spot sits in
 * the middle of each strike ladder; change both together. Real broker masters never come from here.
 */

/** NIFTY 50 constituents (after the Sep-2025 rebalance and the Tata Motors demerger), listed on NSE and BSE. */
export const NIFTY_50_COMPANIES: readonly { readonly symbol: string; readonly name: string }[] = [
  { symbol: 'ADANIENT', name: 'Adani Enterprises' },
  { symbol: 'ADANIPORTS', name: 'Adani Ports and Special Economic Zone' },
  { symbol: 'APOLLOHOSP', name: 'Apollo Hospitals Enterprise' },
  { symbol: 'ASIANPAINT', name: 'Asian Paints' },
  { symbol: 'AXISBANK', name: 'Axis Bank' },
  { symbol: 'BAJAJ-AUTO', name: 'Bajaj Auto' },
  { symbol: 'BAJFINANCE', name: 'Bajaj Finance' },
  { symbol: 'BAJAJFINSV', name: 'Bajaj Finserv' },
  { symbol: 'BEL', name: 'Bharat Electronics' },
  { symbol: 'BHARTIARTL', name: 'Bharti Airtel' },
  { symbol: 'CIPLA', name: 'Cipla' },
  { symbol: 'COALINDIA', name: 'Coal India' },
  { symbol: 'DRREDDY', name: "Dr. Reddy's Laboratories" },
  { symbol: 'EICHERMOT', name: 'Eicher Motors' },
  { symbol: 'ETERNAL', name: 'Eternal' },
  { symbol: 'GRASIM', name: 'Grasim Industries' },
  { symbol: 'HCLTECH', name: 'HCL Technologies' },
  { symbol: 'HDFCBANK', name: 'HDFC Bank' },
  { symbol: 'HDFCLIFE', name: 'HDFC Life Insurance Company' },
  { symbol: 'HINDALCO', name: 'Hindalco Industries' },
  { symbol: 'HINDUNILVR', name: 'Hindustan Unilever' },
  { symbol: 'ICICIBANK', name: 'ICICI Bank' },
  { symbol: 'INDIGO', name: 'InterGlobe Aviation' },
  { symbol: 'INFY', name: 'Infosys' },
  { symbol: 'ITC', name: 'ITC' },
  { symbol: 'JIOFIN', name: 'Jio Financial Services' },
  { symbol: 'JSWSTEEL', name: 'JSW Steel' },
  { symbol: 'KOTAKBANK', name: 'Kotak Mahindra Bank' },
  { symbol: 'LT', name: 'Larsen & Toubro' },
  { symbol: 'M&M', name: 'Mahindra & Mahindra' },
  { symbol: 'MARUTI', name: 'Maruti Suzuki India' },
  { symbol: 'MAXHEALTH', name: 'Max Healthcare Institute' },
  { symbol: 'NESTLEIND', name: 'Nestle India' },
  { symbol: 'NTPC', name: 'NTPC' },
  { symbol: 'ONGC', name: 'Oil and Natural Gas Corporation' },
  { symbol: 'POWERGRID', name: 'Power Grid Corporation of India' },
  { symbol: 'RELIANCE', name: 'Reliance Industries' },
  { symbol: 'SBILIFE', name: 'SBI Life Insurance Company' },
  { symbol: 'SBIN', name: 'State Bank of India' },
  { symbol: 'SHRIRAMFIN', name: 'Shriram Finance' },
  { symbol: 'SUNPHARMA', name: 'Sun Pharmaceutical Industries' },
  { symbol: 'TATACONSUM', name: 'Tata Consumer Products' },
  { symbol: 'TMPV', name: 'Tata Motors Passenger Vehicles' },
  { symbol: 'TATASTEEL', name: 'Tata Steel' },
  { symbol: 'TCS', name: 'Tata Consultancy Services' },
  { symbol: 'TECHM', name: 'Tech Mahindra' },
  { symbol: 'TITAN', name: 'Titan Company' },
  { symbol: 'TRENT', name: 'Trent' },
  { symbol: 'ULTRACEMCO', name: 'UltraTech Cement' },
  { symbol: 'WIPRO', name: 'Wipro' },
];

export interface OptionUnderlyingSpec {
  readonly base: string;
  readonly exchange: Exclude<DerivativeExchange, 'MCX'>;
  readonly lotSize: number;
  readonly strikeStep: number;
  /** The level strikes are centred on (±`STRIKES_EACH_SIDE` steps). */
  readonly referenceLevel: number;
  readonly weeklyExpiries: number;
  readonly monthlyExpiries: number;
}

export const STRIKES_EACH_SIDE = 20;
export const MONTHLY_FUTURES = 3;
export const DERIVATIVE_TICK_SIZE = 0.05;
export const EQUITY_TICK_SIZE = 0.05;

export const INDEX_OPTION_SPECS: readonly OptionUnderlyingSpec[] = [
  { base: 'NIFTY', exchange: 'NFO', lotSize: 65, strikeStep: 50, referenceLevel: 24_000, weeklyExpiries: 4, monthlyExpiries: 3 },
  { base: 'BANKNIFTY', exchange: 'NFO', lotSize: 30, strikeStep: 100, referenceLevel: 52_000, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'FINNIFTY', exchange: 'NFO', lotSize: 60, strikeStep: 50, referenceLevel: 23_500, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'MIDCPNIFTY', exchange: 'NFO', lotSize: 120, strikeStep: 25, referenceLevel: 12_500, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'SENSEX', exchange: 'BFO', lotSize: 20, strikeStep: 100, referenceLevel: 80_000, weeklyExpiries: 4, monthlyExpiries: 3 },
  { base: 'BANKEX', exchange: 'BFO', lotSize: 30, strikeStep: 100, referenceLevel: 58_000, weeklyExpiries: 0, monthlyExpiries: 3 },
];

/** A few stock derivatives (monthly only); TATASTEEL's 2.5 step gives fractional strikes such as 172.5. */
export const STOCK_OPTION_SPECS: readonly OptionUnderlyingSpec[] = [
  { base: 'RELIANCE', exchange: 'NFO', lotSize: 500, strikeStep: 10, referenceLevel: 1_400, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'HDFCBANK', exchange: 'NFO', lotSize: 550, strikeStep: 10, referenceLevel: 1_000, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'SBIN', exchange: 'NFO', lotSize: 750, strikeStep: 10, referenceLevel: 800, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'INFY', exchange: 'NFO', lotSize: 400, strikeStep: 20, referenceLevel: 1_600, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'TCS', exchange: 'NFO', lotSize: 175, strikeStep: 20, referenceLevel: 3_500, weeklyExpiries: 0, monthlyExpiries: 3 },
  { base: 'TATASTEEL', exchange: 'NFO', lotSize: 5_500, strikeStep: 2.5, referenceLevel: 170, weeklyExpiries: 0, monthlyExpiries: 3 },
];

export interface CommoditySpec {
  readonly base: string;
  /** Quantity units per lot, in the unit the price is quoted in (GOLD: 1 kg = 100 × 10 g). */
  readonly lotSize: number;
  readonly tickSize: number;
}

export const MCX_FUTURE_SPECS: readonly CommoditySpec[] = [
  { base: 'CRUDEOIL', lotSize: 100, tickSize: 1 },
  { base: 'NATURALGAS', lotSize: 1_250, tickSize: 0.1 },
  { base: 'GOLD', lotSize: 100, tickSize: 1 },
  { base: 'SILVER', lotSize: 30, tickSize: 1 },
];
