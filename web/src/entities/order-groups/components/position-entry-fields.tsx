import { SelectField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { CANDLE_TIMEFRAMES_MINUTES } from '@shared/domain/constants';
import { ENTRY_TYPES, LEVEL_DIRECTIONS } from '@shared/domain/ranges';
import type { FieldErrors } from '@/lib/field-errors';
import type { EntryType, LevelDirection, PositionFormValues } from '../position-form';
import type { PositionFieldChange } from './position-field-change';

const ENTRY_TYPE_LABELS: Readonly<Record<EntryType, string>> = {
  DIRECT: 'Direct (when asked)',
  LTP: 'LTP crosses a price',
  CANDLE: 'Candle closes past a price',
};

const isEntryType = (value: string): value is EntryType => ENTRY_TYPES.some((type) => type === value);
const isDirection = (value: string): value is LevelDirection => LEVEL_DIRECTIONS.some((direction) => direction === value);

interface PositionEntryFieldsProps {
  values: PositionFormValues;
  onChange: PositionFieldChange;
  errors: FieldErrors;
  isDisabled: boolean;
}

/** How the position enters: by hand (DIRECT), or when the LTP or a closed candle crosses a price in a direction. */
export function PositionEntryFields({ values, onChange, errors, isDisabled }: PositionEntryFieldsProps) {
  return (
    <>
      <SelectField
        label="Entry"
        name="entry_type"
        value={values.entry_type}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (isEntryType(event.target.value)) onChange('entry_type', event.target.value);
        }}
        isDisabled={isDisabled}
      >
        {ENTRY_TYPES.map((type) => (
          <option key={type} value={type}>
            {ENTRY_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      {values.entry_type !== 'DIRECT' ? (
        <>
          <SelectField
            label="Entry direction"
            name="entry_direction"
            value={values.entry_direction}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              if (isDirection(event.target.value)) onChange('entry_direction', event.target.value);
            }}
            hasError={Boolean(errors.entry_direction)}
            errorMessage={errors.entry_direction}
            isDisabled={isDisabled}
          >
            {LEVEL_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {direction}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Entry price"
            name="entry_price"
            type="number"
            inputMode="decimal"
            value={values.entry_price}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('entry_price', event.target.value)}
            hasError={Boolean(errors.entry_price)}
            errorMessage={errors.entry_price}
            isDisabled={isDisabled}
          />
        </>
      ) : null}
      {values.entry_type === 'CANDLE' ? (
        <SelectField
          label="Candle timeframe"
          name="candle_timeframe"
          value={values.candle_timeframe}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange('candle_timeframe', event.target.value)}
          hasError={Boolean(errors.candle_timeframe)}
          errorMessage={errors.candle_timeframe}
          isDisabled={isDisabled}
        >
          {CANDLE_TIMEFRAMES_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutes} min
            </option>
          ))}
        </SelectField>
      ) : null}
    </>
  );
}
