import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { formatDay } from '../../shared/domain/market-clock';
import { dayOf } from '../../functions/market/calendar-days';
import { expiryChainOf, type ExpiryChain } from '../../functions/market/listed-expiries';
import { expiryKindOf, isRolloverDue, nextExpiryOf, rolloverDayOf, rolloverMomentOf } from '../../functions/ordermanager/rollover/rollover-calendar';
import { rolloverRefusal, rolloverSettingsAfterEdit } from '../../functions/ordermanager/rollover/rollover-rules';

/** Derivatives as the master lists them; only the fields the calendar reads matter. */
function contract(exchange: Instrument['exchange'], name: string, type: Instrument['instrument_type'], expiry: string | null): Instrument {
  return { script_id: `${exchange}:${name}${type}`, exchange, trading_symbol: `${name}${type}`, name, instrument_type: type, expiry, strike: type === 'CE' || type === 'PE' ? 24000 : null, lot_size: 75, tick_size: 0.05, broker_tokens: {} };
}
const rollsAt = (gap: number, time = '10:00:00') => ({ is_rollover: true, rollover_gap: gap, rollover_time: time });
const ist = (date: string, clock: string) => new Date(`${date}T${clock}+05:30`);

describe('the rollover day: rollover_gap trading days before the expiry, weekends and holidays skipped', () => {
  const cases: readonly [string, string, number, string][] = [
    ['Monday expiry (moved off the 24-Nov holiday), gap 0', '2026-11-23', 0, '2026-11-23'],
    ['gap 1 skips the weekend', '2026-11-23', 1, '2026-11-20'],
    ['gap 2', '2026-11-23', 2, '2026-11-19'],
    ['Tuesday expiry, gap 1', '2026-12-15', 1, '2026-12-14'],
    ['Tuesday expiry, gap 2 skips the weekend', '2026-12-15', 2, '2026-12-11'],
    ['gap 1 before a Tuesday expiry after a weekend', '2026-12-29', 1, '2026-12-28'],
    ['gap 2 skips the weekend and Christmas', '2026-12-29', 2, '2026-12-24'],
    ['gap 2 skips the Diwali holiday of 10-Nov', '2026-11-12', 2, '2026-11-09'],
  ];
  it.each(cases)('%s', (_, expiry, gap, day) => {
    expect(formatDay(rolloverDayOf('NSE', dayOf(expiry), gap))).toBe(day);
  });

  it('follows the venue: MCX trades on a day NSE is closed', () => {
    // 10-Nov-2026 closes NSE; MCX's list does not close it.
    expect(formatDay(rolloverDayOf('MCX', dayOf('2026-11-11'), 1))).toBe('2026-11-10');
    expect(formatDay(rolloverDayOf('NSE', dayOf('2026-11-11'), 1))).toBe('2026-11-09');
  });
});

describe('when a rollover is due', () => {
  const future = contract('NFO', 'NIFTY', 'FUT', '2026-12-29');

  it('is due from the rollover time on the rollover day until the expiry day ends', () => {
    expect(rolloverMomentOf(rollsAt(1), future)).toEqual(ist('2026-12-28', '10:00:00'));
    expect(isRolloverDue(rollsAt(1), future, ist('2026-12-24', '14:00:00'))).toBe(false);
    expect(isRolloverDue(rollsAt(1), future, ist('2026-12-28', '09:59:59'))).toBe(false);
    expect(isRolloverDue(rollsAt(1), future, ist('2026-12-28', '10:00:00'))).toBe(true);
    // A monitor that was down at the moment still rolls before the contract expires.
    expect(isRolloverDue(rollsAt(1), future, ist('2026-12-29', '15:00:00'))).toBe(true);
    expect(isRolloverDue(rollsAt(1), future, ist('2026-12-30', '10:00:00'))).toBe(false);
  });

  it('is due on the expiry day itself for gap 0, and takes HH:mm too', () => {
    expect(isRolloverDue(rollsAt(0, '15:00'), future, ist('2026-12-29', '14:59:59'))).toBe(false);
    expect(isRolloverDue(rollsAt(0, '15:00'), future, ist('2026-12-29', '15:00:00'))).toBe(true);
  });

  it('is never due for a position that does not roll, or a contract that does not expire', () => {
    expect(isRolloverDue({ ...rollsAt(0), is_rollover: false }, future, ist('2026-12-29', '15:00:00'))).toBe(false);
    expect(isRolloverDue({ is_rollover: true, rollover_gap: null, rollover_time: '10:00:00' }, future, ist('2026-12-29', '15:00:00'))).toBe(false);
    expect(isRolloverDue(rollsAt(0), contract('NSE', 'SBIN', 'EQ', null), ist('2026-12-29', '15:00:00'))).toBe(false);
  });
});

describe('the expiry kind and the next expiry of the same kind, read from the listed chain', () => {
  /** Chains as a master would list them: options every week, futures on the monthly expiries. */
  const chains: Readonly<Record<string, ExpiryChain>> = {
    NIFTY: expiryChainOf('NIFTY', 'NFO', [
      ...['2026-11-23', '2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'].map((expiry) => ({ instrument_type: 'CE' as const, expiry })),
      ...['2026-11-23', '2026-12-29', '2027-01-25'].map((expiry) => ({ instrument_type: 'FUT' as const, expiry })),
    ]),
    SENSEX: expiryChainOf('SENSEX', 'BFO', [
      ...['2026-12-03', '2026-12-10', '2026-12-31', '2027-01-28'].map((expiry) => ({ instrument_type: 'PE' as const, expiry })),
      ...['2026-12-31', '2027-01-28'].map((expiry) => ({ instrument_type: 'FUT' as const, expiry })),
    ]),
    BANKNIFTY: expiryChainOf('BANKNIFTY', 'NFO', ['2026-12-29', '2027-01-25'].flatMap((expiry) => [{ instrument_type: 'PE' as const, expiry }, { instrument_type: 'FUT' as const, expiry }])),
    GOLD: expiryChainOf('GOLD', 'MCX', ['2026-12-04', '2027-02-05'].map((expiry) => ({ instrument_type: 'FUT' as const, expiry }))),
  };
  const cases: readonly [string, Instrument, 'weekly' | 'monthly', string][] = [
    ['NIFTY future (monthly)', contract('NFO', 'NIFTY', 'FUT', '2026-11-23'), 'monthly', '2026-12-29'],
    ['NIFTY monthly call', contract('NFO', 'NIFTY', 'CE', '2026-11-23'), 'monthly', '2026-12-29'],
    ['NIFTY weekly call', contract('NFO', 'NIFTY', 'CE', '2026-12-08'), 'weekly', '2026-12-15'],
    ['NIFTY weekly put before the monthly week', contract('NFO', 'NIFTY', 'PE', '2026-12-15'), 'weekly', '2026-12-22'],
    ['SENSEX weekly call (BSE, Thursdays)', contract('BFO', 'SENSEX', 'CE', '2026-12-03'), 'weekly', '2026-12-10'],
    ['SENSEX monthly put', contract('BFO', 'SENSEX', 'PE', '2026-12-31'), 'monthly', '2027-01-28'],
    ['BANKNIFTY monthly put (26 Jan moves the expiry to Monday)', contract('NFO', 'BANKNIFTY', 'PE', '2026-12-29'), 'monthly', '2027-01-25'],
    ['MCX gold future', contract('MCX', 'GOLD', 'FUT', '2026-12-04'), 'monthly', '2027-02-05'],
  ];
  it.each(cases)('%s', (_, instrument, kind, next) => {
    const chain = chains[instrument.name] as ExpiryChain;
    expect(expiryKindOf(instrument, chain)).toBe(kind);
    expect(nextExpiryOf(instrument, chain)).toBe(next);
  });

  it('refuses a contract after which the master lists no expiry of its kind', () => {
    expect(() => nextExpiryOf(contract('MCX', 'GOLD', 'FUT', '2027-02-05'), chains.GOLD as ExpiryChain)).toThrow('No monthly expiry after 2027-02-05 for GOLD in the instrument master');
  });
});

describe('the rollover rules that need the instrument', () => {
  it('takes only contracts that expire, at a time inside their session', () => {
    const future = contract('NFO', 'NIFTY', 'FUT', '2026-12-29');
    expect(rolloverRefusal(future, rollsAt(0, '15:00:00'))).toBeNull();
    expect(rolloverRefusal(future, rollsAt(0, '15:30:00'))).toContain('09:15:00 to before 15:30:00');
    expect(rolloverRefusal(future, rollsAt(0, '09:00:00'))).toContain("NFO's session");
    expect(rolloverRefusal(contract('MCX', 'GOLD', 'FUT', '2026-12-04'), rollsAt(0, '21:00:00'))).toBeNull();
    expect(rolloverRefusal(contract('NSE', 'SBIN', 'EQ', null), rollsAt(0))).toContain('only futures and options roll over');
    expect(rolloverRefusal(contract('NSE', 'SBIN', 'EQ', null), { is_rollover: false })).toBeNull();
  });
});

describe('rollover settings after an edit', () => {
  const stored = { is_rollover: true, rollover_gap: 2, rollover_time: '14:00:00' };

  it('keeps what the edit does not name and takes what it names', () => {
    expect(rolloverSettingsAfterEdit(stored, {})).toEqual({ settings: stored, problem: null });
    expect(rolloverSettingsAfterEdit(stored, { rollover_gap: 0 })).toEqual({ settings: { ...stored, rollover_gap: 0 }, problem: null });
    expect(rolloverSettingsAfterEdit(stored, { is_rollover: false, rollover_gap: null, rollover_time: null })).toEqual({ settings: { is_rollover: false, rollover_gap: null, rollover_time: null }, problem: null });
  });

  it('reads a position written before rollover existed as not rolling, and wants a day and time to switch it on', () => {
    expect(rolloverSettingsAfterEdit({}, {})).toEqual({ settings: { is_rollover: false, rollover_gap: null, rollover_time: null }, problem: null });
    expect(rolloverSettingsAfterEdit({}, { is_rollover: true }).problem).toContain('trading days before expiry');
    expect(rolloverSettingsAfterEdit({ rollover_gap: 1, rollover_time: '10:00:00' }, { is_rollover: true })).toEqual({ settings: { is_rollover: true, rollover_gap: 1, rollover_time: '10:00:00' }, problem: null });
  });
});
