import type { Group, GroupOrderCounter } from '@shared/contracts/groups';
import type { ColumnPriority } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { formatCount } from '@/lib/format/number';
import { ORDER_COUNTER_LABELS, ORDER_COUNTERS } from '../group-counters';
import { GroupActions } from './group-actions';
import { GroupRowsTable, MASTER_COLUMN, nameColumn, TRADING_COLUMN, type GroupColumn } from './group-rows-table';

/** Which counters give way first on a narrow screen: the orders and what completed stay longest. */
const COUNTER_PRIORITIES: Readonly<Record<GroupOrderCounter, ColumnPriority>> = {
  total_orders: 'high',
  total_quantity: 'medium',
  completed_quantity: 'medium',
  pending_quantity: 'low',
  rejected_quantity: 'low',
  failed_quantity: 'low',
  cancelled_quantity: 'low',
};

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly GroupColumn[] = [
  nameColumn('Group'),
  TRADING_COLUMN,
  MASTER_COLUMN,
  { header: 'Accounts', key: 'accounts', numeric: true, card: 'lead', cell: (group) => formatCount(group.group_broker_count) },
  ...ORDER_COUNTERS.map(
    (counter): GroupColumn => ({
      header: ORDER_COUNTER_LABELS[counter],
      key: counter,
      numeric: true,
      card: counter === 'total_orders' ? 'lead' : 'detail',
      priority: COUNTER_PRIORITIES[counter],
      cell: (group) => formatCount(group[counter]),
    }),
  ),
  { header: 'Actions', key: 'actions', card: 'actions', cell: (group, dialogs) => <GroupActions group={group} dialogs={dialogs} /> },
];

/** The user's groups as a table, one row each (a card each on a phone). */
export function GroupTable({ groups, dialogs }: { groups: readonly Group[]; dialogs: DialogSlot }) {
  return <GroupRowsTable groups={groups} dialogs={dialogs} columns={COLUMNS} caption="Your groups with their order counters (quantities in units)" />;
}
