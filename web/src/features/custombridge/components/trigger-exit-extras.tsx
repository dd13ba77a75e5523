import { CheckboxField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { LEVEL_DIRECTIONS } from '@shared/domain/ranges';
import { ChoiceField, choicesOf, type Choice } from '@/components/choice-field';
import type { TriggerFieldsProps } from './trigger-field-change';

type Direction = (typeof LEVEL_DIRECTIONS)[number] | '';
const DIRECTION_CHOICES: readonly Choice<Direction>[] = [{ value: '', label: "The position's side decides" }, ...choicesOf(LEVEL_DIRECTIONS)];

/** What a trigger adds to the position's exits: which way its target and stop-loss are crossed, and exiting the opposite side first. */
export function TriggerExitExtras({ values, onChange, errors, isDisabled }: TriggerFieldsProps) {
  return (
    <>
      {values.is_tgt ? (
        <ChoiceField label="Target direction" name="tgt_direction" value={values.tgt_direction} choices={DIRECTION_CHOICES} onChange={(direction) => onChange('tgt_direction', direction)} errorMessage={errors.tgt_direction} isDisabled={isDisabled} />
      ) : null}
      {values.is_sl ? (
        <ChoiceField label="Stop-loss direction" name="sl_direction" value={values.sl_direction} choices={DIRECTION_CHOICES} onChange={(direction) => onChange('sl_direction', direction)} errorMessage={errors.sl_direction} isDisabled={isDisabled} />
      ) : null}
      <CheckboxField
        label={`Exit the ${values.direction === 'UP' ? 'DOWN' : 'UP'} side's OPEN positions first`}
        name="exit_opposite"
        checked={values.exit_opposite}
        isDisabled={isDisabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('exit_opposite', event.target.checked)}
      />
    </>
  );
}
