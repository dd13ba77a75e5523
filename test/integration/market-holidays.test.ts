import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { listNotifications } from '../../functions/data/notifications-repository';
import { isExchangeHoliday } from '../../functions/market/exchange-holidays';
import { clearHolidayOverrides } from '../../functions/market/holiday-calendar';
import type { HolidayFile } from '../../functions/market/holidays';
import { masterFileSchema } from '../../functions/market/master-file';
import { alertBrokerPanelAdmins, MASTER_ALERT_TYPE } from '../../functions/market/refresh/admin-alert';
import { runDailyMasterRefresh } from '../../functions/market/refresh/daily-refresh';
import { holidayOverrideKey } from '../../functions/market/refresh/holiday-overrides';
import type { MasterFeed } from '../../functions/market/refresh/master-feed';
import { masterKeys } from '../../functions/market/refresh/master-keys';
import { configuredMasterStore } from '../../functions/market/refresh/master-store';
import type { MasterStore } from '../../functions/market/refresh/master-store-port';
import { sampleMasterFeed } from '../../functions/market/refresh/sample-feed';
import { createLogger } from '../../functions/platform/logger';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Holidays as data, end to end: the daily refresh reads the admins' overrides from the master store (the
 * local folder the runtime uses), builds the day's master with them, checks the listing against the
 * calendar and tells the broker-panel admins (notifications in DynamoDB Local) what is missing or wrong.
 */
const FRANCHISE = 4343;
const log = createLogger({ test: 'market-holidays' }, 'error');
let store: MasterStore;
let admin: TestUser;

beforeAll(async () => {
  const configured = await configuredMasterStore();
  if (!configured) throw new Error('the integration environment sets FILES_DIR');
  store = configured;
  admin = await createTestUser({ frchId: FRANCHISE, roles: { is_brokerpanel: true } });
});
afterAll(clearHolidayOverrides);

function refreshOn(day: string, feed: MasterFeed = sampleMasterFeed) {
  return runDailyMasterRefresh({
    feedSet: { feeds: [feed], readyFromMinute: 8 * 60 },
    store,
    now: new Date(`${day}T10:00:00+05:30`),
    log,
    alertAdmins: (line) => alertBrokerPanelAdmins([FRANCHISE], line, log),
  });
}

/** The admin's alerts since the last call. */
let seen = 0;
async function newAlerts(): Promise<string[]> {
  const { items } = await listNotifications(FRANCHISE, admin.user.user_id, { offset: 0, limit: 100 });
  const alerts = items.filter((item) => item.notify_type === MASTER_ALERT_TYPE).map((item) => item.notified_message);
  const fresh = alerts.slice(0, alerts.length - seen);
  seen = alerts.length;
  return fresh;
}

async function storedNiftyExpiries(type: Instrument['instrument_type']): Promise<string[]> {
  const master = masterFileSchema.parse(JSON.parse((await store.read(masterKeys.current))?.text ?? 'null'));
  return [...new Set(master.instruments.filter((row) => row.name === 'NIFTY' && row.instrument_type === type).map((row) => row.expiry ?? ''))].sort();
}

const HOLIDAYS_2027: HolidayFile = {
  year: 2027,
  source: 'test: the exchanges list of 2027',
  venues: {
    NSE: [{ date: '2027-01-26', name: 'Republic Day' }, { date: '2027-02-16', name: 'A festival' }],
    BSE: [{ date: '2027-01-26', name: 'Republic Day' }, { date: '2027-02-16', name: 'A festival' }],
    MCX: [{ date: '2027-01-26', name: 'Republic Day' }],
  },
};

describe('holiday lists a broker-panel admin replaces without a release', () => {
  it('tells the admins a year has no list, then uses the list an admin stores, in the master it builds', async () => {
    const first = await refreshOn('2027-02-01');
    expect(first).toMatchObject({ kind: 'refreshed', report: { outcome: { kind: 'stored' } } });
    expect(await newAlerts()).toEqual([expect.stringMatching(/^No holiday list for 2027: until one is stored, only the fixed national holidays \(26 Jan, 1 May, 15 Aug, 2 Oct, 25 Dec\) are known for 2027.*master\/holidays\/2027\.json\.$/)]);
    expect(await storedNiftyExpiries('CE')).toContain('2027-02-16');
    expect(isExchangeHoliday('NFO', '2027-02-16')).toBe(false);

    await store.write(holidayOverrideKey(2027), JSON.stringify(HOLIDAYS_2027));
    const next = await refreshOn('2027-02-02');

    expect(next).toMatchObject({ kind: 'refreshed', report: { outcome: { kind: 'stored' } } });
    expect(await newAlerts()).toEqual([]);
    expect(isExchangeHoliday('NFO', '2027-02-16')).toBe(true);
    const weeklies = await storedNiftyExpiries('CE');
    expect(weeklies).toContain('2027-02-15');
    expect(weeklies).not.toContain('2027-02-16');
  });

  it('ignores a stored list that is not valid, says why, and keeps the list in force', async () => {
    await store.write(holidayOverrideKey(2027), JSON.stringify({ ...HOLIDAYS_2027, venues: { ...HOLIDAYS_2027.venues, NSE: [{ date: '2027-02-13', name: 'A Saturday' }] } }));
    await refreshOn('2027-02-03');
    const alerts = await newAlerts();
    expect(alerts).toEqual(
      expect.arrayContaining([
        'master/holidays/2027.json is not a valid holiday file (venues.NSE.0.date: 2027-02-13 is a weekend: list only weekdays)',
        expect.stringMatching(/^No holiday list for 2027:/),
      ]),
    );
    expect(alerts).toHaveLength(2);
    expect(isExchangeHoliday('NFO', '2027-02-16')).toBe(false);
    await store.write(holidayOverrideKey(2027), JSON.stringify(HOLIDAYS_2027));
  });

  it('tells the admins when the listed expiries differ from the calendar', async () => {
    // The exchange listed no NIFTY contracts on 23-Feb (say it moved them): the calendar predicts that monthly expiry.
    const moved: MasterFeed = {
      name: 'paper',
      async load(options) {
        const master = await sampleMasterFeed.load(options);
        return { ...master, instruments: master.instruments.filter((row) => !(row.name === 'NIFTY' && row.expiry === '2027-02-23')) };
      },
    };
    await refreshOn('2027-02-04', moved);
    expect(await newAlerts()).toEqual([
      'Expiries in the 2027-02-04 instrument master differ from the holiday calendar (predicted but not listed: 2027-02-23 (NIFTY)). The listing is used for orders; check the holiday list of the year (an override at master/holidays/2027.json replaces it).',
    ]);
  });
});
