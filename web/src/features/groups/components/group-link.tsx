import { Link } from 'react-router-dom';
import type { Group } from '@shared/contracts/groups';
import { useGroupRoutes } from '../group-routes';

/** The group's name, opening its page in the current route family (/group/group/{group_id} or /group/strategy/{group_id}). */
export function GroupLink({ group }: { group: Pick<Group, 'grp_id' | 'grp_name'> }) {
  const routes = useGroupRoutes();
  return <Link to={routes.group(group.grp_id)}>{group.grp_name}</Link>;
}
