import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tradingDay } from '../../../shared/domain/market-clock';
import { dayOf } from '../calendar-days';
import { SAMPLE_MASTER_URL } from '../instrument-master';
import { serialiseMasterFile } from '../master-file';
import { assertValidMaster } from '../master-validation';
import { holidayListCovers } from '../trading-calendar';
import { buildSampleMaster } from './build-sample-master';

/**
 * Writes the sample master (simulator data) for an "as of" day, default today in Asia/Kolkata:
 *
 *   node --import tsx functions/market/sample/generate-sample-master.ts [--as-of yyyy-MM-dd] [--out file]
 *
 * The same day always gives the same file.
 */
function main(): void {
  const { values } = parseArgs({ options: { 'as-of': { type: 'string' }, out: { type: 'string' } } });
  const asOf = values['as-of'] ?? tradingDay();
  const outFile = values.out ?? fileURLToPath(SAMPLE_MASTER_URL);
  const master = buildSampleMaster(asOf);
  assertValidMaster(master.source, master.instruments);
  const text = serialiseMasterFile(master);
  writeFileSync(outFile, text);
  console.log(`Wrote ${outFile}: ${master.instruments.length} instruments, ${Buffer.byteLength(text)} bytes, as of ${asOf}`);
  const uncovered = [...new Set(master.instruments.flatMap((row) => (row.expiry && !holidayListCovers(dayOf(row.expiry)) ? [row.expiry] : [])))];
  if (uncovered.length > 0) {
    console.warn(`Expiries outside the published holiday lists (provisional fixed-date holidays only): ${uncovered.sort().join(', ')}`);
  }
}

main();
