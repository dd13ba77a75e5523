import { Link } from 'react-router-dom';
import type { GroupBroker } from '@shared/contracts/groups';
import { useGroupRoutes } from '../group-routes';

/** The child's account name, opening its page within the group (…/{group_id}/broker/{broker_id} in the current route family). */
export function ChildLink({ child }: { child: GroupBroker }) {
  const routes = useGroupRoutes();
  return <Link to={routes.broker(child.grp_id, child.broker_id)}>{child.broker_combined_name}</Link>;
}
