import { Link } from 'react-router-dom';
import type { Group } from '@shared/contracts/groups';
import { paths, pathTo } from '@/config/paths';

/** The group's name, opening its page (/group/group/{group_id}). */
export function GroupLink({ group }: { group: Pick<Group, 'grp_id' | 'grp_name'> }) {
  return <Link to={pathTo(paths.group, { group_id: group.grp_id })}>{group.grp_name}</Link>;
}
