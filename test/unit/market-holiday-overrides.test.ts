import { afterEach, describe, expect, it } from 'vitest';
import { clearHolidayOverrides, holidayYear } from '../../functions/market/holiday-calendar';
import { holidayOverrideKeeper, holidayOverrideKey, HOLIDAY_OVERRIDE_RECHECK_MS } from '../../functions/market/refresh/holiday-overrides';

const FILE_2027 = { year: 2027, source: 'test', venues: { NSE: [{ date: '2027-02-16', name: 'A festival' }], BSE: [], MCX: [] } };

/** A store holding texts by key, counting reads. */
function storeOf(texts: Record<string, string>) {
  const state = { reads: 0 };
  return { state, store: { read: async (key: string) => (state.reads += 1, key in texts ? { text: texts[key] ?? '', version: '1' } : null) } };
}

describe('the holiday overrides a container keeps', () => {
  afterEach(clearHolidayOverrides);

  it('reads them at first use, then again in the background after the recheck interval, never blocking a caller', async () => {
    const texts: Record<string, string> = {};
    const { state, store } = storeOf(texts);
    let at = 0;
    const problems: string[] = [];
    const keep = holidayOverrideKeeper({ store: async () => store, clock: () => at, year: () => 2027, onProblem: (problem) => problems.push(problem) });

    await keep();
    expect(state.reads).toBe(3);
    expect(holidayYear(2027)).toBeUndefined();

    texts[holidayOverrideKey(2027)] = JSON.stringify(FILE_2027);
    at = HOLIDAY_OVERRIDE_RECHECK_MS - 1;
    await keep();
    expect(state.reads).toBe(3);

    at = HOLIDAY_OVERRIDE_RECHECK_MS;
    await keep();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.reads).toBe(6);
    expect(holidayYear(2027)?.origin).toBe('override');
    expect(problems).toEqual([]);
  });

  it('says why a stored file is not used and keeps the bundled list', async () => {
    const { store } = storeOf({ [holidayOverrideKey(2026)]: '{"year": 2026' });
    const problems: string[] = [];
    await holidayOverrideKeeper({ store: async () => store, clock: () => 0, year: () => 2026, onProblem: (problem) => problems.push(problem) })();
    expect(problems).toEqual(['master/holidays/2026.json is not JSON']);
    expect(holidayYear(2026)?.origin).toBe('bundled');
  });
});
