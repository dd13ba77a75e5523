import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerMaster } from '../loaders/broker-master';

/** Brokers that disagree on a contract's lot or tick size: the value kept, and what each broker said. */
export interface FieldConflict {
  readonly script_id: string;
  readonly field: 'lot_size' | 'tick_size';
  readonly chosen: number;
  readonly values: Readonly<Record<string, number>>;
}

export interface MergedMaster {
  readonly instruments: readonly Instrument[];
  readonly conflicts: readonly FieldConflict[];
}

/** What the brokers said about one script id, in feed order. */
interface Sightings {
  readonly first: Instrument;
  readonly tokens: Record<string, string>;
  readonly lotSizes: [string, number][];
  readonly tickSizes: [string, number][];
}

/** The value most brokers give; on a tie, the one the earliest feed gave. */
function majorityOf(values: readonly (readonly [string, number])[]): number {
  const counts = new Map<number, number>();
  for (const [, value] of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0]?.[1] ?? Number.NaN;
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

function conflictOf(scriptId: string, field: FieldConflict['field'], values: readonly [string, number][], chosen: number): FieldConflict[] {
  return new Set(values.map(([, value]) => value)).size > 1 ? [{ script_id: scriptId, field, chosen, values: Object.fromEntries(values) }] : [];
}

/**
 * One instrument per script id across the brokers' masters, in order of first appearance: the union
 * of their `broker_tokens` (every key a loader writes, so a `<broker>:tradingsymbol` travels too), the
 * other fields from the first feed that lists it, and lot and tick sizes by majority (reported when
 * brokers disagree, since a wrong lot size makes every order on the contract fail).
 */
export function mergeBrokerMasters(masters: readonly BrokerMaster[]): MergedMaster {
  const byScriptId = new Map<string, Sightings>();
  for (const master of masters) {
    for (const instrument of master.instruments) {
      let seen = byScriptId.get(instrument.script_id);
      if (!seen) {
        seen = { first: instrument, tokens: {}, lotSizes: [], tickSizes: [] };
        byScriptId.set(instrument.script_id, seen);
      }
      for (const [key, value] of Object.entries(instrument.broker_tokens)) seen.tokens[key] ??= value;
      seen.lotSizes.push([master.broker, instrument.lot_size]);
      seen.tickSizes.push([master.broker, instrument.tick_size]);
    }
  }
  const instruments: Instrument[] = [];
  const conflicts: FieldConflict[] = [];
  for (const [scriptId, seen] of byScriptId) {
    const lotSize = majorityOf(seen.lotSizes);
    const tickSize = majorityOf(seen.tickSizes);
    instruments.push({ ...seen.first, lot_size: lotSize, tick_size: tickSize, broker_tokens: seen.tokens });
    conflicts.push(...conflictOf(scriptId, 'lot_size', seen.lotSizes, lotSize), ...conflictOf(scriptId, 'tick_size', seen.tickSizes, tickSize));
  }
  return { instruments, conflicts };
}
