import { Link } from 'react-router-dom';
import type { GroupBroker } from '@shared/contracts/groups';
import { paths, pathTo } from '@/config/paths';

/** The child's account name, opening its page within the group (/group/group/{group_id}/broker/{broker_id}). */
export function ChildLink({ child }: { child: GroupBroker }) {
  return <Link to={pathTo(paths.groupBroker, { group_id: child.grp_id, broker_id: child.broker_id })}>{child.broker_combined_name}</Link>;
}
