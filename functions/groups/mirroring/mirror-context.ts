import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupItem, GroupOwner } from '../../data/groups-repository';
import type { Logger } from '../../platform/logger';

/** One group being mirrored from its master's book, as read at the start of the step. */
export interface MirrorContext {
  readonly owner: GroupOwner;
  readonly group: GroupItem;
  /** The master account whose book was read. */
  readonly master: BrokerAccountItem;
  readonly log: Logger;
}
