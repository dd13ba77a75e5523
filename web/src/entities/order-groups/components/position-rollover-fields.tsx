import { CheckboxField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { MAX_ROLLOVER_GAP } from '@shared/contracts/ordermanager';
import type { FieldErrors } from '@/lib/field-errors';
import { canRollOver, type PositionFormValues, type PositionScript } from '../position-form';
import type { PositionFieldChange } from './position-field-change';

interface PositionRolloverFieldsProps {
  script: PositionScript;
  values: PositionFormValues;
  onChange: PositionFieldChange;
  errors: FieldErrors;
  isDisabled: boolean;
}

/**
 * Rollover of an F&O position (spec §3): on the trading day `rollover_gap` trading days before its
 * contract's expiry, at the time given (IST), the position monitor exits it and opens the same position
 * on the next expiry. Only scripts that expire show it.
 */
export function PositionRolloverFields({ script, values, onChange, errors, isDisabled }: PositionRolloverFieldsProps) {
  if (!canRollOver(script)) return null;
  return (
    <fieldset className="om-fieldset">
      <legend>
        <CheckboxField
          label="Roll over to the next expiry"
          name="is_rollover"
          checked={values.is_rollover}
          isDisabled={isDisabled}
          hasError={Boolean(errors.is_rollover)}
          errorMessage={errors.is_rollover}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('is_rollover', event.target.checked)}
        />
      </legend>
      {values.is_rollover ? (
        <div className="om-fieldset__row">
          <TextField
            label="Trading days before expiry"
            name="rollover_gap"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ROLLOVER_GAP}
            step={1}
            descriptiveText="0 rolls over on the expiry day itself; holidays are skipped."
            value={values.rollover_gap}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('rollover_gap', event.target.value)}
            hasError={Boolean(errors.rollover_gap)}
            errorMessage={errors.rollover_gap}
            isDisabled={isDisabled}
          />
          <TextField
            label="Rollover time (IST)"
            name="rollover_time"
            placeholder="HH:mm:ss"
            maxLength={8}
            autoComplete="off"
            descriptiveText="24-hour HH:mm:ss, within the market session of the script's exchange."
            value={values.rollover_time}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('rollover_time', event.target.value)}
            hasError={Boolean(errors.rollover_time)}
            errorMessage={errors.rollover_time}
            isDisabled={isDisabled}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
