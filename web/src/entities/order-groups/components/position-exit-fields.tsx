import { CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { EXIT_LEVEL_TYPES, TRAIL_TYPES } from '@shared/domain/ranges';
import type { FieldErrors } from '@/lib/field-errors';
import type { ExitLevelType, PositionFormValues, TrailType } from '../position-form';
import type { PositionFieldChange } from './position-field-change';

const isLevelType = (value: string): value is ExitLevelType => EXIT_LEVEL_TYPES.some((type) => type === value);
const isTrailType = (value: string): value is TrailType => TRAIL_TYPES.some((type) => type === value);

type LevelKey = 'tgt' | 'sl';

/** The target and the stop-loss share one shape: a switch, a type and a value; the record names their fields. */
const LEVELS: Readonly<Record<LevelKey, { label: string; flag: 'is_tgt' | 'is_sl'; type: 'tgt_type' | 'sl_type'; value: 'tgt_value' | 'sl_value' }>> = {
  tgt: { label: 'Target', flag: 'is_tgt', type: 'tgt_type', value: 'tgt_value' },
  sl: { label: 'Stop-loss', flag: 'is_sl', type: 'sl_type', value: 'sl_value' },
};

const TRAIL_AMOUNTS = [
  { field: 'trail_trigger', label: 'Trail trigger', hint: 'Profit after which the stop starts to move (0: at once).' },
  { field: 'trail_gap', label: 'Trail gap', hint: 'How far the price moves for each step.' },
  { field: 'trail_point', label: 'Trail point', hint: 'How far the stop moves at each step.' },
] as const;

interface PositionExitFieldsProps {
  values: PositionFormValues;
  onChange: PositionFieldChange;
  errors: FieldErrors;
  isDisabled: boolean;
}

/** Target and stop-loss (type and value), and a trailing stop-loss (type, trigger, gap, point). */
export function PositionExitFields({ values, onChange, errors, isDisabled }: PositionExitFieldsProps) {
  return (
    <>
      {(Object.keys(LEVELS) as LevelKey[]).map((key) => {
        const level = LEVELS[key];
        const isOn = values[level.flag];
        return (
          <fieldset key={key} className="om-fieldset">
            <legend>
              <CheckboxField
                label={`Set a ${level.label.toLowerCase()}`}
                name={level.flag}
                checked={isOn}
                isDisabled={isDisabled}
                onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(level.flag, event.target.checked)}
              />
            </legend>
            {isOn ? (
              <div className="om-fieldset__row">
                <SelectField
                  label={`${level.label} type`}
                  name={level.type}
                  value={values[level.type]}
                  onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                    if (isLevelType(event.target.value)) onChange(level.type, event.target.value);
                  }}
                  isDisabled={isDisabled}
                >
                  {EXIT_LEVEL_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={`${level.label} value`}
                  name={level.value}
                  type="number"
                  inputMode="decimal"
                  value={values[level.value]}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(level.value, event.target.value)}
                  hasError={Boolean(errors[level.value] ?? errors[level.type])}
                  errorMessage={errors[level.value] ?? errors[level.type]}
                  isDisabled={isDisabled}
                />
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <fieldset className="om-fieldset">
        <legend>
          <CheckboxField
            label="Trail the stop-loss"
            name="is_trail_set"
            checked={values.is_trail_set}
            isDisabled={isDisabled}
            hasError={Boolean(errors.is_trail_set)}
            errorMessage={errors.is_trail_set}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('is_trail_set', event.target.checked)}
          />
        </legend>
        {values.is_trail_set ? (
          <div className="om-fieldset__row">
            <SelectField
              label="Trail type"
              name="trail_type"
              value={values.trail_type}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                if (isTrailType(event.target.value)) onChange('trail_type', event.target.value);
              }}
              isDisabled={isDisabled}
            >
              {TRAIL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            {TRAIL_AMOUNTS.map(({ field, label, hint }) => (
              <TextField
                key={field}
                label={label}
                name={field}
                type="number"
                inputMode="decimal"
                descriptiveText={hint}
                value={values[field]}
                onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
                hasError={Boolean(errors[field])}
                errorMessage={errors[field]}
                isDisabled={isDisabled}
              />
            ))}
          </div>
        ) : null}
      </fieldset>
    </>
  );
}
