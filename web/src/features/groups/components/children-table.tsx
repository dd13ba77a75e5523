import { Button } from '@aws-amplify/ui-react';
import type { GroupBroker } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { ChildLink } from './child-link';
import { ChildTradingSwitch } from './child-trading-switch';
import { MultiplierEditor } from './multiplier-editor';
import { RemoveChildDialog } from './remove-child-dialog';

const COLUMNS: readonly TableColumn<GroupBroker, DialogSlot>[] = [
  { header: 'Account', key: 'account', card: 'title', wrap: true, cell: (child) => <ChildLink child={child} /> },
  { header: 'Status', key: 'status', card: 'lead', cell: (child) => <AccountStatusBadge status={child.status} /> },
  { header: 'Multiplier', key: 'multiplier', card: 'lead', cell: (child) => <MultiplierEditor key={child.multiplier} child={child} isLabelHidden /> },
  { header: 'Trading', key: 'trading', card: 'lead', cell: (child) => <ChildTradingSwitch child={child} isLabelHidden /> },
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
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
    <ColumnTable
      className="group-table"
      caption="Quantity × multiplier, rounded down to whole lots"
      columns={COLUMNS}
      rows={childAccounts}
      rowKey={(child) => child.grp_broker_id}
      rowName={(child) => child.broker_combined_name}
      tools={dialogs}
    />
  );
}
