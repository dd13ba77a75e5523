import type { ConfigGroupView } from '@shared/contracts/panel-configs';

/** What every section of /configs gets: its group as the API answered it (render the fields inside a `ConfigForm view={view}`). */
export interface ConfigSectionProps {
  view: ConfigGroupView;
}
