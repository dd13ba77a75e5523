import type { Group } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { formatCount } from '@/lib/format/number';
import { ORDER_COUNTER_LABELS, ORDER_COUNTERS } from '../group-counters';
import { GroupActions } from './group-actions';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly TableColumn<Group, DialogSlot>[] = [
  { header: 'Group', cell: (group) => <GroupLink group={group} /> },
  { header: 'Trading', cell: (group) => <GroupSwitchControl group={group} name="trading" isLabelHidden /> },
  { header: 'Master', cell: (group) => <MasterLabel group={group} /> },
  { header: 'Accounts', numeric: true, cell: (group) => formatCount(group.group_broker_count) },
  ...ORDER_COUNTERS.map((counter) => ({ header: ORDER_COUNTER_LABELS[counter], numeric: true, cell: (group: Group) => formatCount(group[counter]) })),
  { header: 'Actions', cell: (group, dialogs) => <GroupActions group={group} dialogs={dialogs} /> },
];

/** The user's groups as a table, one row each; it scrolls sideways on narrow screens. */
export function GroupTable({ groups, dialogs }: { groups: readonly Group[]; dialogs: DialogSlot }) {
  return (
    <ColumnTable
      className="group-table"
      numericClassName="group-table__numeric"
      caption="Your groups with their order counters (quantities in units)"
      highlightOnHover
      columns={COLUMNS}
      rows={groups}
      rowKey={(group) => group.grp_id}
      rowName={(group) => group.grp_name}
      tools={dialogs}
    />
  );
}
