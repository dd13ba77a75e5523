import type { BrokerAccount } from '@shared/contracts/broker';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { AccountStaticIp } from '@/entities/static-ips/components/account-static-ip';
import { ACCOUNT_FACTS } from '../account-facts';
import { ACCOUNT_SWITCH_NAMES, ACCOUNT_SWITCHES } from '../account-switches';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountActions } from './account-actions';
import { AccountLink } from './account-link';
import { AccountSwitchControl } from './account-switch-control';

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly TableColumn<BrokerAccount, AccountActionTools>[] = [
  { header: 'Account', key: 'account', card: 'title', wrap: true, cell: (account) => <AccountLink account={account} /> },
  { header: 'Status', key: 'status', card: 'lead', cell: (account) => <AccountStatusBadge status={account.status} /> },
  // The plan's end matters least on a narrow screen (paper accounts have none); the card lists it.
  ...ACCOUNT_FACTS.filter((fact) => fact.inTable).map(
    (fact): TableColumn<BrokerAccount, AccountActionTools> => ({
      header: fact.label,
      priority: fact.label === 'Plan expires' ? 'low' : 'high',
      cell: (account) => fact.value(account),
    }),
  ),
  { header: 'Static IP', key: 'static-ip', wrap: true, priority: 'medium', cell: (account) => <AccountStaticIp account={account} compact /> },
  { header: 'Note', key: 'note', wrap: true, priority: 'medium', cell: (account) => <span className="account-table__note" title={account.note}>{account.note || '—'}</span> },
  ...ACCOUNT_SWITCH_NAMES.map((name) => ({
    header: ACCOUNT_SWITCHES[name].label,
    cell: (account: BrokerAccount) => <AccountSwitchControl account={account} name={name} isLabelHidden />,
  })),
  { header: 'Actions', key: 'actions', card: 'actions', cell: (account, tools) => <AccountActions account={account} tools={tools} /> },
];

/** The user's accounts as a table, one row each, its Actions always in view (a card each on a phone). */
export function AccountTable({ accounts, tools }: { accounts: readonly BrokerAccount[]; tools: AccountActionTools }) {
  return (
    <ColumnTable
      className="account-table"
      caption="Your broker accounts, times in Asia/Kolkata"
      highlightOnHover
      columns={COLUMNS}
      rows={accounts}
      rowKey={(account) => account.broker_id}
      rowName={(account) => account.broker_combined_name}
      tools={tools}
    />
  );
}
