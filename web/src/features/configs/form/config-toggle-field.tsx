import { Flex, SwitchField, Text } from '@aws-amplify/ui-react';
import { useConfigField } from './config-form-context';

interface ConfigToggleFieldProps {
  /** The field's name in the group's schema (a boolean). */
  name: string;
  label: string;
  /** One line under the switch saying what "on" does. */
  descriptiveText?: string;
}

/** An on/off field of a config group. */
export function ConfigToggleField({ name, label, descriptiveText }: ConfigToggleFieldProps) {
  const field = useConfigField(name, false);
  return (
    <Flex direction="column" gap="xxxs">
      <SwitchField
        label={label}
        name={name}
        labelPosition="end"
        isChecked={field.value === true}
        onChange={(event) => field.setValue(event.target.checked)}
        hasError={Boolean(field.errorMessage)}
        errorMessage={field.errorMessage}
        isDisabled={field.isDisabled}
      />
      {descriptiveText ? (
        <Text variation="secondary" fontSize="small">
          {descriptiveText}
        </Text>
      ) : null}
    </Flex>
  );
}
