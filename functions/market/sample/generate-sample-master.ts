import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseDay } from '../../../shared/domain/market-clock';
import { dayOf } from '../calendar-days';
import { serialiseMasterFile } from '../master-file';
import { assertValidMaster } from '../master-validation';
import { holidayListCovers } from '../trading-calendar';
import { buildSampleMaster } from './build-sample-master';

/**
 * Writes the sample master (simulator data) for an "as of" day to a file, for a look at what the paper
 * exchange serves on that day or for a bench:
 *
 *   node --import tsx functions/market/sample/generate-sample-master.ts --as-of yyyy-MM-dd --out file
 *
 * The day is required: the runtime builds the sample for its own clock's day, so no file is committed
 * and none ages. The same day always gives the same file.
 */
function main(): void {
  const { values } = parseArgs({ options: { 'as-of': { type: 'string' }, out: { type: 'string' } } });
  const asOf = values['as-of'];
  const outFile = values.out;
  if (!asOf || parseDay(asOf) === null || !outFile) {
    console.error('Usage: generate-sample-master.ts --as-of yyyy-MM-dd --out file');
    process.exitCode = 2;
    return;
  }
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
