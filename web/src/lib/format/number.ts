import { NUMBER_ABBREVIATIONS } from '@shared/domain/constants';

function abbreviationFor(value: number) {
  const magnitude = Math.abs(value);
  return NUMBER_ABBREVIATIONS.find(({ threshold }) => magnitude >= threshold);
}

/** Spec §9: 1e3, 1e6, 1e9 and above shorten to K, M, B with one decimal; smaller numbers show two decimals. */
export function formatNumber(value: number): string {
  const abbreviation = abbreviationFor(value);
  if (!abbreviation) return value.toFixed(2);
  return `${(value / abbreviation.threshold).toFixed(1)}${abbreviation.suffix}`;
}

/** Counts (accounts, orders, notifications): whole numbers below 1e3, K/M/B with one decimal from there. */
export function formatCount(value: number): string {
  return abbreviationFor(value) ? formatNumber(value) : String(Math.round(value));
}
