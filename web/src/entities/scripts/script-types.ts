import { SCRIPT_TYPES } from '@shared/domain/ranges';

/** Spec §3 script types, as the watch-list search offers them. */
export type ScriptType = (typeof SCRIPT_TYPES)[number];
export { SCRIPT_TYPES };

export const SCRIPT_TYPE_LABELS: Readonly<Record<ScriptType, string>> = {
  EQ: 'Equity (EQ)',
  CE: 'Call option (CE)',
  PE: 'Put option (PE)',
  FUT: 'Future (FUT)',
};

export function isScriptType(value: string): value is ScriptType {
  return SCRIPT_TYPES.some((type) => type === value);
}
