import type { Bridge } from '@shared/contracts/bridge';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { BRIDGE_FIGURES } from '../bridge-figures';
import { BRIDGE_SWITCH_NAMES, BRIDGE_SWITCHES } from '../bridge-switches';
import { BridgeActions } from './bridge-actions';
import { BridgeFigureValue } from './bridge-figure-value';
import { BridgeLink } from './bridge-link';
import { BridgeSwitchControl } from './bridge-switch-control';

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly TableColumn<Bridge, DialogSlot>[] = [
  { header: 'Bridge', cell: (bridge) => <BridgeLink bridge={bridge} /> },
  ...BRIDGE_SWITCH_NAMES.map((name) => ({ header: BRIDGE_SWITCHES[name].label, cell: (bridge: Bridge) => <BridgeSwitchControl bridge={bridge} name={name} isLabelHidden /> })),
  ...BRIDGE_FIGURES.map((figure) => ({ header: figure.label, numeric: true, cell: (bridge: Bridge) => <BridgeFigureValue figure={figure} bridge={bridge} /> })),
  { header: 'Actions', cell: (bridge, dialogs) => <BridgeActions bridge={bridge} dialogs={dialogs} /> },
];

/** The caller's bridges as a table, one row each; it scrolls sideways on narrow screens. */
export function BridgeTable({ bridges, dialogs }: { bridges: readonly Bridge[]; dialogs: DialogSlot }) {
  return (
    <ColumnTable
      className="bridge-table"
      numericClassName="bridge-table__numeric"
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
