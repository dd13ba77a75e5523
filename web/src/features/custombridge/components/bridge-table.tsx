import type { Bridge } from '@shared/contracts/bridge';
import { ColumnTable, type ColumnPriority, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { BRIDGE_FIGURES } from '../bridge-figures';
import { BRIDGE_SWITCH_NAMES, BRIDGE_SWITCHES } from '../bridge-switches';
import { BridgeActions } from './bridge-actions';
import { BridgeFigureValue } from './bridge-figure-value';
import { BridgeLink } from './bridge-link';
import { BridgeSwitchControl } from './bridge-switch-control';

/** On a narrow screen the P&L stays longest; the trigger counts give way first (the bridge's page lists its triggers). */
const FIGURE_PRIORITIES: Readonly<Record<string, ColumnPriority>> = {
  "Today's signals": 'medium',
  'Open positions': 'medium',
  'Up triggers': 'low',
  'Down triggers': 'low',
};

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly TableColumn<Bridge, DialogSlot>[] = [
  { header: 'Bridge', key: 'bridge', card: 'title', wrap: true, cell: (bridge) => <BridgeLink bridge={bridge} /> },
  ...BRIDGE_SWITCH_NAMES.map(
    (name): TableColumn<Bridge, DialogSlot> => ({
      header: BRIDGE_SWITCHES[name].label,
      key: name,
      card: 'lead',
      cell: (bridge) => <BridgeSwitchControl bridge={bridge} name={name} isLabelHidden />,
    }),
  ),
  ...BRIDGE_FIGURES.map(
    (figure): TableColumn<Bridge, DialogSlot> => ({
      header: figure.label,
      numeric: true,
      card: figure.kind === 'pnl' ? 'lead' : 'detail',
      priority: FIGURE_PRIORITIES[figure.label] ?? 'high',
      cell: (bridge) => <BridgeFigureValue figure={figure} bridge={bridge} />,
    }),
  ),
  { header: 'Actions', key: 'actions', card: 'actions', cell: (bridge, dialogs) => <BridgeActions bridge={bridge} dialogs={dialogs} /> },
];

/** The caller's bridges as a table, one row each (a card each on a phone). */
export function BridgeTable({ bridges, dialogs }: { bridges: readonly Bridge[]; dialogs: DialogSlot }) {
  return (
    <ColumnTable
      className="bridge-table"
      caption="Your custom bridges with their P&L (rupees) and today's activity"
      highlightOnHover
      columns={COLUMNS}
      rows={bridges}
      rowKey={(bridge) => bridge.bridge_id}
      rowName={(bridge) => bridge.bridge_name}
      tools={dialogs}
    />
  );
}
