import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Group } from '../../../../../shared/contracts/groups';
import { formatCount } from '../../../lib/format/number';
import type { DialogSlot } from '../../demat/hooks/use-dialog-slot';
import { ORDER_COUNTER_LABELS, ORDER_COUNTERS } from '../group-counters';
import { GroupActions } from './group-actions';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';

interface GroupColumn {
  header: string;
  numeric?: boolean;
  cell: (group: Group, dialogs: DialogSlot) => ReactNode;
}

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly GroupColumn[] = [
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
    <div className="group-table">
      <Table size="small" variation="striped" highlightOnHover caption="Your groups with their order counters (quantities in units)">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col" className={column.numeric ? 'group-table__numeric' : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.grp_id} aria-label={group.grp_name}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'group-table__numeric' : undefined}>
                  {column.cell(group, dialogs)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
