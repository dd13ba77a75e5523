import { Flex } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { GroupActions } from './group-actions';

/** Manage (plans, records, users, permissions) beside the group's own Rename and Delete. */
export function StrategyActions({ group, dialogs }: { group: Group; dialogs: DialogSlot }) {
  return (
    <Flex gap="small" alignItems="center" wrap="wrap">
      <Link to={pathTo(paths.groupStrategyManage, { group_strategy_id: group.grp_id })} aria-label={`Manage ${group.grp_name}`}>
        Manage
      </Link>
      <GroupActions group={group} dialogs={dialogs} />
    </Flex>
  );
}
