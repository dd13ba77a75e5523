import * as z from 'zod';
import type { ValidationIssue } from '../../../shared/contracts/envelope';
import { directionOfWord, directionWordList, SCAN_NAME_DIRECTION_WORDS, type SignalDirection } from '../signal-direction';
import { accepted, invalidFromZod, refused, type ParsedSignal, type SignalSymbol } from './incoming-signal';
import { symbolOfWord } from './symbol-words';

/**
 * ChartInk's fixed scan-alert payload (reference/products.md §3.2): comma-separated `stocks` and
 * `trigger_prices` in the same order, plus the scan's and alert's names. ChartInk has no direction field,
 * so the direction is the one trading verb in the scan or alert name ("BUY breakouts"); a name with none,
 * or with two different ones, is refused rather than guessed.
 */
const text = (expected: string) => z.string({ error: expected }).trim();

export const chartinkScanSchema = z.object({
  stocks: text('expected the comma-separated symbols').min(1, 'expected at least one symbol'),
  trigger_prices: text('expected the comma-separated trigger prices').min(1, 'expected one trigger price per stock'),
  triggered_at: text('expected the trigger time as text').optional(),
  scan_name: text('expected the scan name').min(1, 'expected the scan name'),
  scan_url: text('expected the scan url as text').optional(),
  alert_name: text('expected the alert name as text').optional(),
  webhook_url: text('expected the webhook url as text').optional(),
});

const listItems = (list: string) => list.split(',').map((item) => item.trim()).filter((item) => item !== '');

/** The trading words of a name, upper-cased, each with the direction it means. */
function directionWordsIn(name: string | undefined): { readonly word: string; readonly direction: SignalDirection }[] {
  return (name ?? '')
    .split(/[^A-Za-z]+/)
    .map((word) => ({ word: word.toUpperCase(), direction: directionOfWord(word, SCAN_NAME_DIRECTION_WORDS) }))
    .filter((found): found is { word: string; direction: SignalDirection } => found.direction !== null);
}

export function parseChartinkScan(body: Readonly<Record<string, unknown>>): ParsedSignal {
  const parsed = chartinkScanSchema.safeParse(body);
  if (!parsed.success) return invalidFromZod(parsed.error);
  const scan = parsed.data;
  const problems: ValidationIssue[] = [];

  const words = [...directionWordsIn(scan.scan_name), ...directionWordsIn(scan.alert_name)];
  const directions = [...new Set(words.map((found) => found.direction))];
  if (directions.length !== 1) {
    const found = directions.length === 0 ? 'none' : [...new Set(words.map((each) => each.word))].join(' and ');
    problems.push({ path: 'scan_name', message: `expected one trading word (${directionWordList(SCAN_NAME_DIRECTION_WORDS)}) in the scan or alert name, found ${found}` });
  }

  const stocks = listItems(scan.stocks);
  const prices = listItems(scan.trigger_prices);
  if (prices.length !== stocks.length) {
    problems.push({ path: 'trigger_prices', message: `expected ${stocks.length} prices, one per stock, got ${prices.length}` });
  }
  const symbols: SignalSymbol[] = [];
  stocks.forEach((stock, index) => {
    const read = symbolOfWord(stock);
    if ('problem' in read) problems.push({ path: `stocks.${index}`, message: `${read.problem}, got ${stock}` });
    const priceText = prices[index];
    if (priceText === undefined) return; // the count mismatch is already reported
    const price = Number(priceText);
    if (!Number.isFinite(price) || price <= 0) problems.push({ path: `trigger_prices.${index}`, message: `expected a price above 0, got ${priceText}` });
    else if ('symbol' in read) symbols.push({ ...read.symbol, price });
  });

  const [direction] = directions;
  if (problems.length > 0 || direction === undefined) return refused('invalid', problems);
  return accepted({
    kind: 'direction',
    source: 'chartink',
    providerSignalId: null,
    direction,
    symbols,
    scan: { scanName: scan.scan_name, alertName: scan.alert_name ?? null, triggeredAt: scan.triggered_at ?? null },
  });
}
