import { NUMBER_ABBREVIATIONS } from '../../../shared/domain/constants';

/** Spec §9: 1e3, 1e6, 1e9 and above shorten to K, M, B with one decimal; smaller numbers show two decimals. */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  const abbreviation = NUMBER_ABBREVIATIONS.find(({ threshold }) => magnitude >= threshold);
  if (!abbreviation) return value.toFixed(2);
  return `${(value / abbreviation.threshold).toFixed(1)}${abbreviation.suffix}`;
}
