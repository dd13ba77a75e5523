import { SelectField, TextAreaField } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import { VISIBILITIES } from '@shared/domain/ranges';
import { STRATEGY_DESCRIPTION_LIMIT } from '../strategy-terms';

export type Visibility = Group['visibility'];

interface StrategyOfferFieldsProps {
  visibility: Visibility;
  onVisibilityChange: (visibility: Visibility) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
  isDisabled: boolean;
}

export const isDescriptionTooLong = (description: string) => description.trim().length > STRATEGY_DESCRIPTION_LIMIT;

/** Who may see a strategy and what it is about: the fields of `updatestrategy` that the settings card and the Add strategy dialog share. */
export function StrategyOfferFields({ visibility, onVisibilityChange, description, onDescriptionChange, isDisabled }: StrategyOfferFieldsProps) {
  return (
    <>
      <SelectField
        label="Visibility"
        descriptiveText="Private: only the users you permit. Public: every user of your franchise."
        value={visibility}
        onChange={(event) => onVisibilityChange(event.target.value as Visibility)}
        isDisabled={isDisabled}
      >
        {VISIBILITIES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Description"
        descriptiveText={`${description.trim().length} of ${STRATEGY_DESCRIPTION_LIMIT} characters`}
        value={description}
        onChange={(event) => onDescriptionChange(event.target.value)}
        hasError={isDescriptionTooLong(description)}
        errorMessage={`The description must be at most ${STRATEGY_DESCRIPTION_LIMIT} characters.`}
        isDisabled={isDisabled}
      />
    </>
  );
}
