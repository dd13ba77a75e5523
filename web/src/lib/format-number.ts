/** Kept for existing imports; the formatting helpers live in `lib/format/`. */
export { formatNumber } from './format/number';
