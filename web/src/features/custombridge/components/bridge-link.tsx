import { Link } from 'react-router-dom';
import type { Bridge } from '@shared/contracts/bridge';
import { paths, pathTo } from '@/config/paths';

/** The bridge's name, opening its triggers (/bridge/custombridge/{bridge_id}). */
export function BridgeLink({ bridge }: { bridge: Pick<Bridge, 'bridge_id' | 'bridge_name'> }) {
  return <Link to={pathTo(paths.customBridge, { bridge_id: bridge.bridge_id })}>{bridge.bridge_name}</Link>;
}
