import type { Group } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';

export type GroupColumn = TableColumn<Group, DialogSlot>;

/** The name column, opening the group's page; headed "Group" or "Strategy". */
export const nameColumn = (header: string): GroupColumn => ({
  header,
  key: header.toLowerCase(),
  card: 'title',
  wrap: true,
  cell: (group) => <GroupLink group={group} />,
});

export const TRADING_COLUMN: GroupColumn = {
  header: 'Trading',
  key: 'trading',
  card: 'lead',
  cell: (group) => <GroupSwitchControl group={group} name="trading" isLabelHidden />,
};

export const MASTER_COLUMN: GroupColumn = { header: 'Master', key: 'master', priority: 'medium', cell: (group) => <MasterLabel group={group} /> };

interface GroupRowsTableProps {
  groups: readonly Group[];
  dialogs: DialogSlot;
  columns: readonly GroupColumn[];
  caption: string;
}

/** Groups or strategies as a table, one row each (a card each on a phone); the row actions open their dialogs in `dialogs`. */
export function GroupRowsTable({ groups, dialogs, columns, caption }: GroupRowsTableProps) {
  return (
    <ColumnTable
      className="group-table"
      caption={caption}
      highlightOnHover
      columns={columns}
      rows={groups}
      rowKey={(group) => group.grp_id}
      rowName={(group) => group.grp_name}
      tools={dialogs}
    />
  );
}
