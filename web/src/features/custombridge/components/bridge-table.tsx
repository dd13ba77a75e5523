import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Bridge } from '../../../../../shared/contracts/bridge';
import type { DialogSlot } from '../../demat/hooks/use-dialog-slot';
import { BRIDGE_FIGURES } from '../bridge-figures';
import { BRIDGE_SWITCH_NAMES, BRIDGE_SWITCHES } from '../bridge-switches';
import { BridgeActions } from './bridge-actions';
import { BridgeFigureValue } from './bridge-figure-value';
import { BridgeLink } from './bridge-link';
import { BridgeSwitchControl } from './bridge-switch-control';

interface BridgeColumn {
  header: string;
  numeric?: boolean;
  cell: (bridge: Bridge, dialogs: DialogSlot) => ReactNode;
}

/** The table's columns: the card's content, one column each. */
const COLUMNS: readonly BridgeColumn[] = [
  { header: 'Bridge', cell: (bridge) => <BridgeLink bridge={bridge} /> },
  ...BRIDGE_SWITCH_NAMES.map((name) => ({ header: BRIDGE_SWITCHES[name].label, cell: (bridge: Bridge) => <BridgeSwitchControl bridge={bridge} name={name} isLabelHidden /> })),
  ...BRIDGE_FIGURES.map((figure) => ({ header: figure.label, numeric: true, cell: (bridge: Bridge) => <BridgeFigureValue figure={figure} bridge={bridge} /> })),
  { header: 'Actions', cell: (bridge, dialogs) => <BridgeActions bridge={bridge} dialogs={dialogs} /> },
];

/** The caller's bridges as a table, one row each; it scrolls sideways on narrow screens. */
export function BridgeTable({ bridges, dialogs }: { bridges: readonly Bridge[]; dialogs: DialogSlot }) {
  return (
    <div className="bridge-table">
      <Table size="small" variation="striped" highlightOnHover caption="Your custom bridges with their P&L (rupees) and today's activity">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col" className={column.numeric ? 'bridge-table__numeric' : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {bridges.map((bridge) => (
            <TableRow key={bridge.bridge_id} aria-label={bridge.bridge_name}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'bridge-table__numeric' : undefined}>
                  {column.cell(bridge, dialogs)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
