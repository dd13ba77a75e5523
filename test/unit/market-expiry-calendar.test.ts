import { describe, expect, it } from 'vitest';
import { formatDay } from '../../shared/domain/market-clock';
import { dayOf } from '../../functions/market/calendar-days';
import { isExchangeHoliday } from '../../functions/market/exchange-holidays';
import { expiriesOf, isNominalExpiryDay, mcxExpiries, monthlyExpiry, nearestExpiry, weeklyExpiries } from '../../functions/market/expiry-calendar';
import { BUNDLED_HOLIDAY_FILES } from '../../functions/market/bundled-holidays';
import { CALENDAR_VENUES, holidayFileSchema } from '../../functions/market/holidays';
import { MCX_CONTRACT_RULES } from '../../functions/market/mcx-contracts';
import { isTradingDay, tradingDayOnOrBefore, weekdayOf, WEEKDAYS } from '../../functions/market/trading-calendar';
import { BusinessRuleError } from '../../functions/platform/errors';

const dates = (days: readonly number[]) => days.map(formatDay);

describe('trading calendar', () => {
  it('knows weekdays, weekends and holidays', () => {
    expect(weekdayOf(dayOf('1970-01-01'))).toBe(WEEKDAYS.thursday);
    expect(weekdayOf(dayOf('2025-09-02'))).toBe(WEEKDAYS.tuesday);
    expect(isTradingDay('NSE', dayOf('2025-11-22'))).toBe(false); // Saturday
    expect(isTradingDay('NSE', dayOf('2025-10-02'))).toBe(false); // Gandhi Jayanti
    expect(isTradingDay('NSE', dayOf('2025-10-03'))).toBe(true);
    expect(tradingDayOnOrBefore('NSE', dayOf('2026-11-24'))).toBe(dayOf('2026-11-23'));
  });

  it('ships one valid holiday file per published year, weekdays only, each day once per venue', () => {
    expect(BUNDLED_HOLIDAY_FILES.map((file) => file.year)).toEqual([2025, 2026]);
    for (const file of BUNDLED_HOLIDAY_FILES) {
      expect(holidayFileSchema.safeParse(file).success, String(file.year)).toBe(true);
      for (const venue of CALENDAR_VENUES) expect(file.venues[venue].length, `${file.year} ${venue}`).toBeGreaterThan(0);
    }
  });

  it('keeps MCX trading on days it only closes its morning session', () => {
    expect(isTradingDay('NSE', dayOf('2025-11-05'))).toBe(false);
    expect(isTradingDay('MCX', dayOf('2025-11-05'))).toBe(true);
    expect(isTradingDay('MCX', dayOf('2025-12-25'))).toBe(false);
  });

  it('answers per platform exchange, derivatives following their cash exchange', () => {
    expect(isExchangeHoliday('NFO', '2026-11-24')).toBe(true);
    expect(isExchangeHoliday('BFO', '2026-11-24')).toBe(true);
    expect(isExchangeHoliday('MCX', '2026-11-24')).toBe(false);
    expect(isExchangeHoliday('NSE', '2026-11-21')).toBe(false); // a Saturday is closed, but not a holiday
    expect(isExchangeHoliday('NSE', 'not a day')).toBe(false);
  });

  it('falls back to the fixed-date national holidays for years without a published list', () => {
    expect(isTradingDay('NSE', dayOf('2027-01-26'))).toBe(false);
    expect(isTradingDay('NSE', dayOf('2027-01-27'))).toBe(true);
  });
});

describe('expiry weekdays', () => {
  it('moves NSE from Thursday to Tuesday and BSE from Tuesday to Thursday at 1-Sep-2025', () => {
    expect(isNominalExpiryDay('NSE', dayOf('2025-08-28'))).toBe(true); // Thursday, before the switch
    expect(isNominalExpiryDay('NSE', dayOf('2025-08-26'))).toBe(false);
    expect(isNominalExpiryDay('NSE', dayOf('2025-09-02'))).toBe(true); // first Tuesday weekly
    expect(isNominalExpiryDay('NSE', dayOf('2025-09-04'))).toBe(false);
    expect(isNominalExpiryDay('BSE', dayOf('2025-08-26'))).toBe(true); // Tuesday, before the switch
    expect(isNominalExpiryDay('BSE', dayOf('2025-09-02'))).toBe(false);
    expect(isNominalExpiryDay('BSE', dayOf('2025-09-04'))).toBe(true); // first Thursday weekly
  });

  it('lists the weekly expiries across the switch', () => {
    expect(dates(weeklyExpiries('NSE', dayOf('2025-08-20'), 4))).toEqual(['2025-08-21', '2025-08-28', '2025-09-02', '2025-09-09']);
    expect(dates(weeklyExpiries('BSE', dayOf('2025-08-20'), 4))).toEqual(['2025-08-26', '2025-09-04', '2025-09-11', '2025-09-18']);
  });
});

describe('monthly expiries', () => {
  it('is the last Tuesday of the month on NSE and the last Thursday on BSE since the switch', () => {
    expect(formatDay(monthlyExpiry('NSE', { year: 2025, month: 9 }))).toBe('2025-09-30');
    expect(formatDay(monthlyExpiry('NSE', { year: 2026, month: 2 }))).toBe('2026-02-24');
    expect(formatDay(monthlyExpiry('BSE', { year: 2025, month: 9 }))).toBe('2025-09-25');
  });

  it('used the last Thursday on NSE and the last Tuesday on BSE before it', () => {
    expect(formatDay(monthlyExpiry('NSE', { year: 2025, month: 8 }))).toBe('2025-08-28');
    expect(formatDay(monthlyExpiry('NSE', { year: 2025, month: 7 }))).toBe('2025-07-31');
    expect(formatDay(monthlyExpiry('BSE', { year: 2025, month: 8 }))).toBe('2025-08-26');
  });

  it('moves to the previous trading day when the expiry day is a holiday', () => {
    expect(formatDay(monthlyExpiry('NSE', { year: 2026, month: 3 }))).toBe('2026-03-30'); // 31-Mar-2026 Mahavir Jayanti
    expect(formatDay(monthlyExpiry('NSE', { year: 2026, month: 11 }))).toBe('2026-11-23'); // 24-Nov-2026 Guru Nanak Jayanti
    expect(formatDay(monthlyExpiry('BSE', { year: 2025, month: 12 }))).toBe('2025-12-24'); // 25-Dec-2025 Christmas
    expect(dates(weeklyExpiries('NSE', dayOf('2025-04-07'), 2))).toEqual(['2025-04-09', '2025-04-17']); // 10-Apr Mahavir Jayanti
    expect(dates(weeklyExpiries('NSE', dayOf('2025-10-20'), 1))).toEqual(['2025-10-20']); // 21-Oct Diwali
  });

  it('skips a holiday-shifted expiry that falls before the start day', () => {
    expect(dates(weeklyExpiries('NSE', dayOf('2026-03-31'), 1))).toEqual(['2026-04-07']);
  });
});

describe('nearest expiry (expiry_type + expiry_gap)', () => {
  it('counts gaps from the nearest expiry on or after the day', () => {
    expect(nearestExpiry('NIFTY', 'weekly', 0, '2025-09-02')).toBe('2025-09-02');
    expect(nearestExpiry('NIFTY', 'weekly', 1, '2025-09-02')).toBe('2025-09-09');
    expect(nearestExpiry('NIFTY', 'monthly', 0, '2025-10-01')).toBe('2025-10-28');
    expect(nearestExpiry('NIFTY', 'monthly', 2, '2025-10-01')).toBe('2025-12-30');
    expect(nearestExpiry('SENSEX', 'weekly', 0, '2025-09-05')).toBe('2025-09-11');
    expect(nearestExpiry('BANKEX', 'monthly', 0, '2025-12-01')).toBe('2025-12-24');
    expect(nearestExpiry('RELIANCE', 'monthly', 0, '2025-12-31')).toBe('2026-01-27');
  });

  it('moves to next month once this month has expired', () => {
    expect(nearestExpiry('BANKNIFTY', 'monthly', 0, '2025-10-28')).toBe('2025-10-28');
    expect(nearestExpiry('BANKNIFTY', 'monthly', 0, '2025-10-29')).toBe('2025-11-25');
  });

  it('has weekly contracts only for NIFTY and SENSEX', () => {
    expect(() => nearestExpiry('BANKNIFTY', 'weekly', 0, '2025-10-01')).toThrow(BusinessRuleError);
    expect(() => nearestExpiry('FINNIFTY', 'weekly', 0, '2025-10-01')).toThrow(/only NIFTY and SENSEX/);
    expect(() => nearestExpiry('RELIANCE', 'weekly', 0, '2025-10-01')).toThrow(BusinessRuleError);
    expect(() => nearestExpiry('CRUDEOIL', 'weekly', 0, '2025-10-01')).toThrow(BusinessRuleError);
  });

  it('refuses a negative or fractional gap', () => {
    expect(() => nearestExpiry('NIFTY', 'weekly', -1, '2025-10-01')).toThrow(BusinessRuleError);
    expect(() => nearestExpiry('NIFTY', 'weekly', 0.5, '2025-10-01')).toThrow(BusinessRuleError);
  });
});

describe('MCX futures (simulator rules)', () => {
  it('expires on the rule day of contract months, moved off weekends and closures', () => {
    const crude = MCX_CONTRACT_RULES.CRUDEOIL;
    const gold = MCX_CONTRACT_RULES.GOLD;
    if (!crude || !gold) throw new Error('rules missing');
    expect(dates(mcxExpiries(crude, dayOf('2026-11-21'), 2))).toEqual(['2026-12-18', '2027-01-19']); // 19-Dec-2026 is a Saturday
    expect(dates(mcxExpiries(gold, dayOf('2026-11-21'), 2))).toEqual(['2026-12-04', '2027-02-05']);
    expect(dates(expiriesOf('NATURALGAS', 'monthly', dayOf('2026-12-01'), 1))).toEqual(['2026-12-24']); // 26th Saturday, 25th Christmas
  });
});
