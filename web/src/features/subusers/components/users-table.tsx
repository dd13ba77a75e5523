import { Button, CheckboxField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SubUser } from '@shared/contracts/subusers';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { subUserLink } from '../sub-user-links';
import { subUserName } from '@/entities/sub-users/sub-user-name';
import { balanceText, percentText } from '../sub-user-words';
import { FlagSwitch } from './flag-switch';
import './users-table.css';

/** What every row borrows from the page: the ticked ids and the row actions that open a dialog. */
export interface UsersTableTools {
  selectedIds: ReadonlySet<number>;
  onToggle: (subUserId: number, isSelected: boolean) => void;
  onEditPercent: (user: SubUser) => void;
  onConnectBroker: (user: SubUser) => void;
}

const COLUMNS: readonly TableColumn<SubUser, UsersTableTools>[] = [
  {
    header: 'Select',
    key: 'select',
    card: 'actions',
    cell: (user, tools) => (
      <CheckboxField
        label={`Select ${subUserName(user)}`}
        labelHidden
        name="selected"
        value={String(user.user_id)}
        checked={tools.selectedIds.has(user.user_id)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => tools.onToggle(user.user_id, event.target.checked)}
      />
    ),
  },
  { header: 'ID', key: 'id', numeric: true, card: 'lead', cell: (user) => user.user_id },
  {
    // Name and email in one cell, so the row fits at 1280 px with every switch and action visible.
    header: 'Name and email',
    key: 'name',
    card: 'title',
    wrap: true,
    cell: (user) => (
      <>
        <Link to={subUserLink(user.user_id)} aria-label={`Open ${subUserName(user)}`}>
          {subUserName(user)}
        </Link>
        <div className="users-table__email">{user.email}</div>
      </>
    ),
  },
  { header: 'Mobile', key: 'mobile', priority: 'low', cell: (user) => user.mobile_no },
  { header: 'Balance', key: 'balance', numeric: true, card: 'lead', cell: (user) => balanceText(user) },
  { header: 'Demat', key: 'demat', cell: (user) => <FlagSwitch user={user} flag="demat_allowed" /> },
  { header: 'Static IP', key: 'purchase-ip', cell: (user) => <FlagSwitch user={user} flag="purchase_ip_allowed" /> },
  { header: 'Link sharing', key: 'link-sharing', cell: (user) => <FlagSwitch user={user} flag="link_sharing" /> },
  {
    header: 'Referral %',
    key: 'referral',
    numeric: true,
    cell: (user, tools) => (
      <Button size="small" variation="link" onClick={() => tools.onEditPercent(user)} aria-label={`Referral percent of ${subUserName(user)}: ${percentText(user.referral_percent)}`}>
        {percentText(user.referral_percent)}
      </Button>
    ),
  },
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
    cell: (user, tools) => (
      <Button size="small" onClick={() => tools.onConnectBroker(user)}>
        Connect broker
      </Button>
    ),
  },
];

/** The page of sub-users: who they are, their balance, their permissions as switches, and what can be done with each. */
export function UsersTable({ users, tools }: { users: readonly SubUser[]; tools: UsersTableTools }) {
  return (
    <ColumnTable
      className="users-table"
      caption="Sub-users"
      columns={COLUMNS}
      rows={users}
      tools={tools}
      rowKey={(user) => String(user.user_id)}
      rowName={(user) => `${subUserName(user)} #${user.user_id}`}
    />
  );
}
