import { useMutation } from '@tanstack/react-query';
import { GROUP_SWITCHES, type GroupSwitchName } from '../group-switches';
import { useStoreGroup } from './group-cache';

interface GroupSwitchChange {
  grpId: string;
  name: GroupSwitchName;
  on: boolean;
}

/** Turns one of a group's switches (trading, place on a rejected master) on or off and stores the answered group. */
export function useFlipGroupSwitch() {
  const storeGroup = useStoreGroup();
  return useMutation({
    mutationFn: ({ grpId, name, on }: GroupSwitchChange) => GROUP_SWITCHES[name].send(grpId, on),
    onSuccess: storeGroup,
  });
}
