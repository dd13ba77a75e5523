import { useClock } from '../../functions/platform/clock';
import { marketDayOf, startOfMarketDay } from '../../shared/domain/market-clock';

/** Longest an integration file may run and still be sure it sees one market day. */
const MARGIN_MS = 20 * 60_000;

/**
 * Integration files run on the moving wall clock (or faketime's), so their data is of "today" — but a
 * file that starts just before midnight in Asia/Kolkata would see the trading day change under it (an
 * order listed before the change is gone from "today's orders" after it). When the next market day
 * begins within the margin, the file's clock reads that much earlier, moving on normally, so every
 * file lives inside one market day. Answers the shift applied (0 almost always).
 */
export function keepFileInsideOneMarketDay(): number {
  const start = Date.now();
  const nextDayBegins = startOfMarketDay(marketDayOf(new Date(start)) + 1).getTime();
  if (nextDayBegins - start > MARGIN_MS) return 0;
  const shift = MARGIN_MS;
  useClock(() => Date.now() - shift);
  return shift;
}
