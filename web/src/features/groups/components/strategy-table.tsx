import type { Group } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { formatCount } from '@/lib/format/number';
import { STRATEGY_FIGURES } from '../strategy-terms';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';
import { StrategyActions } from './strategy-actions';
import { StrategyBadges } from './strategy-badges';

const COLUMNS: readonly TableColumn<Group, DialogSlot>[] = [
  { header: 'Strategy', key: 'strategy', card: 'title', wrap: true, cell: (group) => <GroupLink group={group} /> },
  { header: 'Visibility', key: 'visibility', card: 'lead', cell: (group) => <StrategyBadges group={group} /> },
  { header: 'Trading', key: 'trading', card: 'lead', cell: (group) => <GroupSwitchControl group={group} name="trading" isLabelHidden /> },
  { header: 'Master', key: 'master', priority: 'medium', cell: (group) => <MasterLabel group={group} /> },
  // The figures in the card's order; subscribers and subscriptions taken stay longest on a narrow screen.
  ...STRATEGY_FIGURES.map(
    (figure, index): TableColumn<Group, DialogSlot> => ({
      header: figure.label,
      key: figure.label,
      numeric: true,
      card: index < 2 ? 'lead' : 'detail',
      priority: index < 2 ? 'high' : 'low',
      cell: (group) => formatCount(figure.value(group)),
    }),
  ),
  { header: 'Actions', key: 'actions', card: 'actions', cell: (group, dialogs) => <StrategyActions group={group} dialogs={dialogs} /> },
];

/** The broker panel's strategies as a table, one row each (a card each on a phone). */
export function StrategyTable({ groups, dialogs }: { groups: readonly Group[]; dialogs: DialogSlot }) {
  return (
    <ColumnTable
      className="group-table"
      caption="Your strategies: who may see them, subscribers following now and subscriptions taken"
      highlightOnHover
      columns={COLUMNS}
      rows={groups}
      rowKey={(group) => group.grp_id}
      rowName={(group) => group.grp_name}
      tools={dialogs}
    />
  );
}
