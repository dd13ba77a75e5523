import { Button, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { GroupBroker } from '../../../../../shared/contracts/groups';
import { AccountStatusBadge } from '../../demat/components/account-status-badge';
import type { DialogSlot } from '../../demat/hooks/use-dialog-slot';
import { ChildLink } from './child-link';
import { ChildTradingSwitch } from './child-trading-switch';
import { MultiplierEditor } from './multiplier-editor';
import { RemoveChildDialog } from './remove-child-dialog';

interface ChildColumn {
  header: string;
  cell: (child: GroupBroker, dialogs: DialogSlot) => ReactNode;
}

const COLUMNS: readonly ChildColumn[] = [
  { header: 'Account', cell: (child) => <ChildLink child={child} /> },
  { header: 'Status', cell: (child) => <AccountStatusBadge status={child.status} /> },
  { header: 'Multiplier', cell: (child) => <MultiplierEditor key={child.multiplier} child={child} isLabelHidden /> },
  { header: 'Trading', cell: (child) => <ChildTradingSwitch child={child} isLabelHidden /> },
  {
    header: 'Actions',
    cell: (child, dialogs) => (
      <Button
        size="small"
        variation="destructive"
        aria-label={`Remove ${child.broker_combined_name}`}
        onClick={() => dialogs.open(<RemoveChildDialog child={child} onClose={dialogs.close} />)}
      >
        Remove
      </Button>
    ),
  },
];

/** The group's accounts in the order added: status, multiplier (editable), trading switch, remove. */
export function ChildrenTable({ childAccounts, dialogs }: { childAccounts: readonly GroupBroker[]; dialogs: DialogSlot }) {
  return (
    <div className="group-table">
      <Table size="small" variation="striped" caption="Quantity × multiplier, rounded down to whole lots">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {childAccounts.map((child) => (
            <TableRow key={child.grp_broker_id} aria-label={child.broker_combined_name}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header}>{column.cell(child, dialogs)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
