import { Flex, SwitchField, Text } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { Group } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useFlipGroupSwitch } from '../api/use-flip-group-switch';
import { GROUP_SWITCHES, type GroupSwitchName } from '../group-switches';

interface GroupSwitchControlProps {
  group: Group;
  name: GroupSwitchName;
  /** In the table the column header names the switch, so its label is only read out. */
  isLabelHidden?: boolean;
  withHint?: boolean;
}

/** One of a group's switches; a change goes to the server at once and the answered group is shown. */
export function GroupSwitchControl({ group, name, isLabelHidden = false, withHint = false }: GroupSwitchControlProps) {
  const flip = useFlipGroupSwitch();
  const toast = useToast();
  const groupSwitch = GROUP_SWITCHES[name];
  const control = (
    <SwitchField
      label={groupSwitch.label}
      isLabelHidden={isLabelHidden}
      size="small"
      labelPosition="end"
      isChecked={groupSwitch.isOn(group)}
      isDisabled={flip.isPending}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        flip.mutate({ grpId: group.grp_id, name, on: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
      }
    />
  );
  if (!withHint) return control;
  return (
    <Flex direction="column" gap="xxs" className="group-switch">
      {control}
      <Text variation="secondary" fontSize="small">
        {groupSwitch.hint}
      </Text>
    </Flex>
  );
}
