import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import type { Logger } from '../../platform/logger';

/** One group being mirrored from its master's book, as read at the start of the step. */
export interface MirrorContext {
  readonly owner: GroupOwner;
  readonly group: GroupItem;
  /** The master account whose book was read. */
  readonly master: BrokerAccountItem;
  readonly log: Logger;
}
