import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { BrokerAccount } from '../../../../../shared/contracts/broker';
import { ACCOUNT_FACTS } from '../account-facts';
import { ACCOUNT_SWITCH_NAMES, ACCOUNT_SWITCHES } from '../account-switches';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountActions } from './account-actions';
import { AccountLink } from './account-link';
import { AccountStatusBadge } from './account-status-badge';
import { AccountSwitchControl } from './account-switch-control';

interface AccountColumn {
  header: string;
  cell: (account: BrokerAccount, tools: AccountActionTools) => ReactNode;
}

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly AccountColumn[] = [
  { header: 'Account', cell: (account) => <AccountLink account={account} /> },
  { header: 'Status', cell: (account) => <AccountStatusBadge status={account.status} /> },
  ...ACCOUNT_FACTS.filter((fact) => fact.inTable).map((fact) => ({
    header: fact.label,
    cell: (account: BrokerAccount) => fact.value(account),
  })),
  { header: 'Note', cell: (account) => <span className="account-table__note" title={account.note}>{account.note || '—'}</span> },
  ...ACCOUNT_SWITCH_NAMES.map((name) => ({
    header: ACCOUNT_SWITCHES[name].label,
    cell: (account: BrokerAccount) => <AccountSwitchControl account={account} name={name} isLabelHidden />,
  })),
  { header: 'Actions', cell: (account, tools) => <AccountActions account={account} tools={tools} wrap="nowrap" /> },
];

/** The user's accounts as a table, one row each; it scrolls sideways on narrow screens. */
export function AccountTable({ accounts, tools }: { accounts: readonly BrokerAccount[]; tools: AccountActionTools }) {
  return (
    <div className="account-table">
      <Table size="small" variation="striped" highlightOnHover caption="Your broker accounts, times in Asia/Kolkata">
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
          {accounts.map((account) => (
            <TableRow key={account.broker_id} aria-label={account.broker_combined_name}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header}>{column.cell(account, tools)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
