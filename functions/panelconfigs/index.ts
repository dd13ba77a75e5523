import { createGroupHandler } from '../http/group-handler';

/** Route group `panelconfigs`: its calls arrive with later issues; until then every path answers the 404 envelope. */
export const handler = createGroupHandler('panelconfigs', []);
