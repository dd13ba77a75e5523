import { MAX_SIGNAL_SYMBOLS_PER_TRIGGER, SCRIPT_SOURCES, type ScriptSource } from '@shared/contracts/bridge';
import { ChoiceField, type Choice } from '@/components/choice-field';
import type { TriggerFieldsProps } from './trigger-field-change';

const SOURCE_LABELS: Readonly<Record<ScriptSource, string>> = {
  TRIGGER: 'Fixed symbol',
  SIGNAL: "The alert's symbols (ChartInk scan, TradingView {{ticker}})",
};
const SOURCE_CHOICES: readonly Choice<ScriptSource>[] = SCRIPT_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }));
const SOURCE_HINTS: Readonly<Record<ScriptSource, string>> = {
  TRIGGER: 'Every signal trades the symbol below.',
  SIGNAL: `Each symbol the alert names is traded with this template (up to ${MAX_SIGNAL_SYMBOLS_PER_TRIGGER} per alert); an alert that names none, or Fire now, places nothing for this trigger.`,
};

/**
 * Where the trigger's symbol comes from. The alert's symbols trade at MARKET (one price cannot fit every
 * symbol), so choosing them sets the order type; the script typed for a fixed symbol stays in the form
 * in case the choice is undone, and is not sent.
 */
export function TriggerScriptSourceField({ values, onChange, errors, isDisabled }: TriggerFieldsProps) {
  return (
    <ChoiceField
      label="Symbol source"
      name="script_source"
      value={values.script_source}
      choices={SOURCE_CHOICES}
      descriptiveText={SOURCE_HINTS[values.script_source]}
      onChange={(source) => {
        onChange('script_source', source);
        if (source === 'SIGNAL') onChange('order_type', 'MARKET');
      }}
      errorMessage={errors.script_source}
      isDisabled={isDisabled}
    />
  );
}
