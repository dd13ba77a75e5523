import { afterEach, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { contractCutoff } from '../../functions/market/contract-cutoff';
import { clearHolidayOverrides, installHolidayOverrides } from '../../functions/market/holiday-calendar';
import { parseMaster } from '../../functions/market/instrument-master';
import { expiryChainOf, liveExpiriesOf, selectListedExpiry, type ExpiryChain } from '../../functions/market/listed-expiries';
import { serialiseMasterFile } from '../../functions/market/master-file';
import { expiryCalendarDifferences, missingHolidayListLines } from '../../functions/market/refresh/calendar-check';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { isTradingDay } from '../../functions/market/trading-calendar';
import { dayOf } from '../../functions/market/calendar-days';
import { BusinessRuleError } from '../../functions/platform/errors';
import { masterLookupOf } from '../../functions/signals/resolve/master-lookup';

const ist = (date: string, clock: string) => new Date(`${date}T${clock}:00+05:30`);

/** The sample master of Friday 20-Nov-2026, the week before Guru Nanak Jayanti (Tuesday 24-Nov, a holiday). */
const lookup = masterLookupOf(parseMaster('sample', serialiseMasterFile(buildSampleMaster('2026-11-20'))));
const chainOf = (underlying: string): ExpiryChain => {
  const chain = lookup.expiryChain(underlying);
  if (!chain) throw new Error(`no ${underlying} derivatives in the sample`);
  return chain;
};

describe('expiries as the master lists them', () => {
  it('takes the Monday the Guru Nanak Jayanti holiday moved the NSE expiries to, weekly and monthly', () => {
    const friday = ist('2026-11-20', '10:30');
    expect(selectListedExpiry(chainOf('NIFTY'), 'weekly', 0, friday)).toBe('2026-11-23');
    expect(selectListedExpiry(chainOf('NIFTY'), 'weekly', 1, friday)).toBe('2026-12-01');
    expect(selectListedExpiry(chainOf('NIFTY'), 'monthly', 0, friday)).toBe('2026-11-23');
    expect(selectListedExpiry(chainOf('BANKNIFTY'), 'monthly', 1, friday)).toBe('2026-12-29');
    expect(selectListedExpiry(chainOf('SBIN'), 'monthly', 0, friday)).toBe('2026-11-23');
  });

  it('takes BSE expiries on Thursdays', () => {
    const friday = ist('2026-11-20', '10:30');
    expect(liveExpiriesOf(chainOf('SENSEX'), 'weekly', friday).slice(0, 3)).toEqual(['2026-11-26', '2026-12-03', '2026-12-10']);
    expect(selectListedExpiry(chainOf('BANKEX'), 'monthly', 0, friday)).toBe('2026-11-26');
  });

  it('drops a contract at 15:30 IST on its expiry day, not at midnight', () => {
    expect(selectListedExpiry(chainOf('NIFTY'), 'weekly', 0, ist('2026-11-23', '15:29'))).toBe('2026-11-23');
    expect(selectListedExpiry(chainOf('NIFTY'), 'weekly', 0, ist('2026-11-23', '15:30'))).toBe('2026-12-01');
    expect(selectListedExpiry(chainOf('NIFTY'), 'monthly', 0, ist('2026-11-23', '16:00'))).toBe('2026-12-29');
  });

  it('keeps an MCX contract until its own session closes on its expiry day (23:55 in the US winter)', () => {
    const crude = chainOf('CRUDEOIL');
    const expiry = crude.futureExpiries[0] ?? '';
    expect(contractCutoff({ exchange: 'MCX', name: 'CRUDEOIL', expiry: '2026-12-18' })?.toISOString()).toBe('2026-12-18T18:25:00.000Z');
    expect(contractCutoff({ exchange: 'MCX', name: 'CRUDEOIL', expiry: '2027-06-18' })?.toISOString()).toBe('2027-06-18T18:00:00.000Z');
    expect(selectListedExpiry(crude, 'monthly', 0, ist(expiry, '23:00'))).toBe(expiry);
    expect(selectListedExpiry(crude, 'monthly', 0, ist(expiry, '23:56'))).toBe(crude.futureExpiries[1]);
  });

  it('refuses a weekly expiry of an underlying that lists no weekly contracts', () => {
    const at = ist('2026-11-20', '10:30');
    expect(() => selectListedExpiry(chainOf('BANKNIFTY'), 'weekly', 0, at)).toThrow('BANKNIFTY has no weekly expiry; use monthly.');
    expect(() => selectListedExpiry(chainOf('GOLD'), 'weekly', 0, at)).toThrow(BusinessRuleError);
  });

  it('refuses a gap beyond the listed chain, naming what is listed', () => {
    expect(() => selectListedExpiry(chainOf('NIFTY'), 'monthly', 3, ist('2026-11-20', '10:30'))).toThrow(
      'NIFTY lists 3 monthly expiries ahead in the instrument master (2026-11-23, 2026-12-29, 2027-01-25); expiry gap 3 is beyond the listed chain.',
    );
    expect(() => selectListedExpiry(chainOf('NIFTY'), 'weekly', -1, ist('2026-11-20', '10:30'))).toThrow(BusinessRuleError);
  });
});

describe('the calendar as a check on the listing', () => {
  afterEach(clearHolidayOverrides);
  const row = (name: string, type: Instrument['instrument_type'], expiry: string): Instrument => ({
    script_id: `NFO:${name}${expiry}${type}`,
    exchange: 'NFO',
    trading_symbol: `${name}${expiry}${type}`,
    name,
    instrument_type: type,
    expiry,
    strike: type === 'FUT' ? null : 100,
    lot_size: 1,
    tick_size: 0.05,
    broker_tokens: {},
  });

  it('finds nothing to say about a listing that follows the calendar', () => {
    expect(expiryCalendarDifferences(buildSampleMaster('2026-11-20').instruments, '2026-11-20')).toBeNull();
  });

  it('names the dates where the listing and the calendar disagree, and the listing is what a signal trades', () => {
    // The exchange moved November's expiry to Wednesday 25th, which no holiday list predicted.
    const listed = [row('NIFTY', 'FUT', '2026-11-25'), row('NIFTY', 'CE', '2026-11-25'), row('NIFTY', 'FUT', '2026-12-29'), row('NIFTY', 'CE', '2026-12-29')];
    const line = expiryCalendarDifferences(listed, '2026-11-20');
    expect(line).toContain('listed but not predicted: 2026-11-25 (NIFTY)');
    expect(line).toContain('predicted but not listed: 2026-11-23 (NIFTY)');
    expect(selectListedExpiry(expiryChainOf('NIFTY', 'NFO', listed), 'monthly', 0, ist('2026-11-20', '10:30'))).toBe('2026-11-25');
  });

  it('puts an admin override in force over the bundled list', () => {
    expect(isTradingDay('NSE', dayOf('2026-11-24'))).toBe(false);
    installHolidayOverrides([{ year: 2026, source: 'test', venues: { NSE: [{ date: '2026-11-25', name: 'Moved' }], BSE: [], MCX: [] } }]);
    expect(isTradingDay('NSE', dayOf('2026-11-24'))).toBe(true);
    expect(isTradingDay('NSE', dayOf('2026-11-25'))).toBe(false);
  });

  it('knows only the fixed national holidays in a year without a file, and says so', () => {
    expect(isTradingDay('NSE', dayOf('2027-01-26'))).toBe(false);
    expect(isTradingDay('NSE', dayOf('2027-08-16'))).toBe(true);
    expect(missingHolidayListLines(ist('2027-01-27', '10:00'))).toEqual([expect.stringContaining('No holiday list for 2027: until one is stored, only the fixed national holidays (26 Jan, 1 May, 15 Aug, 2 Oct, 25 Dec)')]);
    expect(missingHolidayListLines(ist('2026-11-30', '23:00'))).toEqual([]);
    expect(missingHolidayListLines(ist('2026-12-01', '09:00'))).toEqual([expect.stringContaining('No holiday list for 2027 yet')]);
    installHolidayOverrides([{ year: 2027, source: 'test', venues: { NSE: [], BSE: [], MCX: [] } }]);
    expect(missingHolidayListLines(ist('2026-12-01', '09:00'))).toEqual([]);
  });
});
