import { MAX_SIGNAL_SYMBOLS_PER_TRIGGER, MAX_TRIGGER_QUANTITY, type ScriptSource } from '../../../shared/contracts/bridge';
import type { TriggerItem } from '../../data/bridges-repository';
import type { SignalSymbol } from '../payloads/incoming-signal';
import type { PlanScript } from './trigger-plan';

/**
 * Which symbols a trigger trades for one signal, each under its plan id with its lots, before the
 * instrument master is asked (ADR 0008, "Triggers that trade the alert's symbols"). A TRIGGER trigger
 * trades its own script under its own id, as it always has. A SIGNAL trigger makes one plan per symbol
 * the signal names, in the order named, under `<trigger id>:<SYMBOL>`: with the signal and the account
 * it names the position (position-id.ts), so a redelivery finds each symbol's position again. Pure.
 */
export interface ScriptPick {
  readonly planId: string;
  readonly script: PlanScript;
  /** Lots for F&O, shares for equities. */
  readonly lots: number;
}

/** A plan that is not made, with why: reported as the signal's result under its plan id. */
export interface PlanRefusal {
  readonly planId: string;
  readonly reason: string;
}

export interface TriggerScripts {
  readonly picks: readonly ScriptPick[];
  readonly refusals: readonly PlanRefusal[];
}

export const NO_SIGNAL_SYMBOLS_REASON =
  "This trigger trades the alert's symbols and the signal named none (a plain direction such as BUY, or a manual fire): nothing placed for it";
export const NO_TRIGGER_SCRIPT_REASON = 'This trigger has no script of its own: edit it and name one';
/** How many of the symbols left out a refusal names; the count says the rest (a runaway scan's list would bloat the signal). */
const NAMED_LEFT_OUT = 20;

export const signalSymbolPlanId = (triggerId: string, symbol: string) => `${triggerId}:${symbol}`;

export function tooManySymbolsReason(named: number, leftOut: readonly string[]): string {
  const shown = leftOut.slice(0, NAMED_LEFT_OUT).join(', ');
  const more = leftOut.length > NAMED_LEFT_OUT ? ` and ${leftOut.length - NAMED_LEFT_OUT} more` : '';
  return `The alert named ${named} symbols and a trigger trades at most ${MAX_SIGNAL_SYMBOLS_PER_TRIGGER} per signal: ${shown}${more} not traded`;
}

export const quantityTooLargeReason = (symbol: string, quantity: number) =>
  `The alert asked for ${quantity} of ${symbol}; a trigger places at most ${MAX_TRIGGER_QUANTITY}`;

/** The first mention of each symbol: it names one plan, so a second mention would only find the first's position. */
function firstMentions(symbols: readonly SignalSymbol[]): SignalSymbol[] {
  const bySymbol = new Map<string, SignalSymbol>();
  for (const each of symbols) if (!bySymbol.has(each.symbol)) bySymbol.set(each.symbol, each);
  return [...bySymbol.values()];
}

function signalSymbolScripts(trigger: TriggerItem, symbols: readonly SignalSymbol[]): TriggerScripts {
  const named = firstMentions(symbols);
  if (named.length === 0) return { picks: [], refusals: [{ planId: trigger.trigger_id, reason: NO_SIGNAL_SYMBOLS_REASON }] };
  const traded = named.slice(0, MAX_SIGNAL_SYMBOLS_PER_TRIGGER);
  const leftOut = named.slice(MAX_SIGNAL_SYMBOLS_PER_TRIGGER).map((each) => each.symbol);
  const picks: ScriptPick[] = [];
  const refusals: PlanRefusal[] = leftOut.length > 0 ? [{ planId: trigger.trigger_id, reason: tooManySymbolsReason(named.length, leftOut) }] : [];
  for (const each of traded) {
    const planId = signalSymbolPlanId(trigger.trigger_id, each.symbol);
    // The sender's own quantity, when it gave one, within the bound a trigger's own quantity has.
    const lots = each.quantity ?? trigger.quantity;
    if (lots > MAX_TRIGGER_QUANTITY) refusals.push({ planId, reason: quantityTooLargeReason(each.symbol, lots) });
    else picks.push({ planId, script: { symbol: each.symbol, exchange: each.exchange ?? trigger.exchange }, lots });
  }
  return { picks, refusals };
}

const SCRIPTS_OF_SOURCE: Readonly<Record<ScriptSource, (trigger: TriggerItem, symbols: readonly SignalSymbol[]) => TriggerScripts>> = {
  TRIGGER: (trigger) =>
    // The contract requires a TRIGGER trigger's script; the refusal only covers the stored item's type.
    trigger.script === null
      ? { picks: [], refusals: [{ planId: trigger.trigger_id, reason: NO_TRIGGER_SCRIPT_REASON }] }
      : { picks: [{ planId: trigger.trigger_id, script: { symbol: trigger.script, exchange: trigger.exchange }, lots: trigger.quantity }], refusals: [] },
  SIGNAL: signalSymbolScripts,
};

export function scriptsOfTrigger(trigger: TriggerItem, symbols: readonly SignalSymbol[]): TriggerScripts {
  return SCRIPTS_OF_SOURCE[trigger.script_source](trigger, symbols);
}
