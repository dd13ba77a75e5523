import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { formatCount } from '@/lib/format/number';
import { STRATEGY_FIGURES } from '../strategy-terms';
import { GroupRowsTable, MASTER_COLUMN, nameColumn, TRADING_COLUMN, type GroupColumn } from './group-rows-table';
import { StrategyActions } from './strategy-actions';
import { StrategyBadges } from './strategy-badges';

const COLUMNS: readonly GroupColumn[] = [
  nameColumn('Strategy'),
  { header: 'Visibility', key: 'visibility', card: 'lead', cell: (group) => <StrategyBadges group={group} /> },
  TRADING_COLUMN,
  MASTER_COLUMN,
  // The figures in the card's order; subscribers and subscriptions taken stay longest on a narrow screen.
  ...STRATEGY_FIGURES.map(
    (figure, index): GroupColumn => ({
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
    <GroupRowsTable
      groups={groups}
      dialogs={dialogs}
      columns={COLUMNS}
      caption="Your strategies: who may see them, subscribers following now and subscriptions taken"
    />
  );
}
