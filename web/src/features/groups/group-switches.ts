import { groupsContracts, type Group } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';

export interface GroupSwitch {
  label: string;
  /** What the switch does, under it on the group page. */
  hint: string;
  isOn: (group: Group) => boolean;
  send: (grpId: string, on: boolean) => Promise<Group>;
}

/** The on/off settings of a group, each with the call that changes it. */
export const GROUP_SWITCHES = {
  trading: {
    label: 'Trading',
    hint: 'Group orders go to the accounts whose own Trading switch is on too.',
    isOn: (group) => group.trading_enabled,
    send: (grpId, on) => callApi(groupsContracts.updateGroupTradingFlag, { group_id: grpId, trading_enabled: on }),
  },
  placeRejected: {
    label: 'Place when master rejected',
    hint: "When the master's order is rejected, the accounts still get theirs.",
    isOn: (group) => group.place_rejected,
    send: (grpId, on) => callApi(groupsContracts.updatePlaceRejected, { group_id: grpId, place_rejected: on }),
  },
} as const satisfies Record<string, GroupSwitch>;

export type GroupSwitchName = keyof typeof GROUP_SWITCHES;
export const GROUP_SWITCH_NAMES = Object.keys(GROUP_SWITCHES).filter((name): name is GroupSwitchName => name in GROUP_SWITCHES);
