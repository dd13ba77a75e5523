import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { MAX_EXPIRY_GAP, MAX_STRIKE_OFFSET, OPTION_SIDES } from '@shared/contracts/bridge';
import { EXCHANGES, EXPIRY_TYPES, OPTION_BASES, TRIGGER_SCRIPT_TYPES } from '@shared/domain/ranges';
import { ChoiceField, choicesOf, type Choice } from '@/components/choice-field';
import { productsForScriptType } from '../trigger-form';
import type { TriggerFieldsProps } from './trigger-field-change';
import { TriggerScriptSourceField } from './trigger-script-source-field';

const EXCHANGE_CHOICES: readonly Choice<(typeof EXCHANGES)[number] | ''>[] = [{ value: '', label: 'Let the master choose (NSE first)' }, ...choicesOf(['NSE', 'BSE'] as const)];
const SIDE_CHOICES: readonly Choice<'CE' | 'PE' | ''>[] = [{ value: '', label: 'CE on UP, PE on DOWN' }, ...choicesOf(OPTION_SIDES)];
const SCRIPT_HINTS: Readonly<Record<(typeof TRIGGER_SCRIPT_TYPES)[number], string>> = {
  EQUITY: 'The trading symbol, e.g. SBIN.',
  OPTION: 'The underlying, e.g. NIFTY or BANKNIFTY: the strike is picked from its price.',
  FUTURE: 'The underlying, e.g. NIFTY or RELIANCE.',
};

/** With the alert's symbols, a trigger's exchange is the one each symbol takes when the alert names none. */
const EXCHANGE_HINT_FOR_ALERT_SYMBOLS = 'For a symbol the alert names without its exchange.';

/** What the trigger trades: the script type, a fixed symbol or the alert's, and for F&O how the contract is picked (base, strike, side, expiry). */
export function TriggerInstrumentFields({ values, onChange, errors, isDisabled }: TriggerFieldsProps) {
  const isOption = values.script_type === 'OPTION';
  const hasFixedScript = values.script_source === 'TRIGGER';
  const text = (field: 'script' | 'strike_offset' | 'expiry_gap') => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
    hasError: Boolean(errors[field]),
    errorMessage: errors[field],
    isDisabled,
  });
  return (
    <>
      <ChoiceField
        label="Script type"
        name="script_type"
        value={values.script_type}
        choices={choicesOf(TRIGGER_SCRIPT_TYPES)}
        onChange={(scriptType) => {
          onChange('script_type', scriptType);
          const products = productsForScriptType(scriptType);
          if (!products.includes(values.product)) onChange('product', products[0] ?? 'INTRADAY');
          if (scriptType === 'FUTURE') onChange('expiry_type', 'monthly');
        }}
        errorMessage={errors.script_type}
        isDisabled={isDisabled}
      />
      <TriggerScriptSourceField values={values} onChange={onChange} errors={errors} isDisabled={isDisabled} />
      {hasFixedScript ? <TextField label={values.script_type === 'EQUITY' ? 'Symbol' : 'Underlying'} descriptiveText={SCRIPT_HINTS[values.script_type]} {...text('script')} /> : null}
      {values.script_type === 'EQUITY' ? (
        <ChoiceField
          label="Exchange"
          name="exchange"
          value={values.exchange}
          choices={EXCHANGE_CHOICES}
          descriptiveText={hasFixedScript ? undefined : EXCHANGE_HINT_FOR_ALERT_SYMBOLS}
          onChange={(exchange) => onChange('exchange', exchange)}
          errorMessage={errors.exchange}
          isDisabled={isDisabled}
        />
      ) : null}
      {isOption ? (
        <>
          <ChoiceField label="Option base" name="option_base" value={values.option_base} choices={choicesOf(OPTION_BASES)} onChange={(base) => onChange('option_base', base)} errorMessage={errors.option_base} isDisabled={isDisabled} />
          <TextField
            label="Strike offset"
            type="number"
            inputMode="numeric"
            descriptiveText={`Strikes from ATM: positive out of the money, negative in the money (±${MAX_STRIKE_OFFSET}).`}
            {...text('strike_offset')}
          />
          <ChoiceField label="Option side" name="option_side" value={values.option_side} choices={SIDE_CHOICES} onChange={(side) => onChange('option_side', side)} errorMessage={errors.option_side} isDisabled={isDisabled} />
          <ChoiceField label="Expiry type" name="expiry_type" value={values.expiry_type} choices={choicesOf(EXPIRY_TYPES)} onChange={(expiry) => onChange('expiry_type', expiry)} errorMessage={errors.expiry_type} isDisabled={isDisabled} />
        </>
      ) : null}
      {values.script_type !== 'EQUITY' ? (
        <TextField
          label="Expiry gap"
          type="number"
          inputMode="numeric"
          descriptiveText={`0 for the nearest ${values.script_type === 'FUTURE' ? 'monthly' : values.expiry_type} expiry, 1 for the next … (up to ${MAX_EXPIRY_GAP}).`}
          {...text('expiry_gap')}
        />
      ) : null}
    </>
  );
}
