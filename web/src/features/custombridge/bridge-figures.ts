import type { ReactNode } from 'react';
import type { Bridge } from '@shared/contracts/bridge';

export interface BridgeFigure {
  label: string;
  value: (bridge: Bridge) => number;
  kind: 'pnl' | 'count';
}

/** Spec §3's bridge figures, with the trigger counts, in the order cards and the table show them. */
export const BRIDGE_FIGURES: readonly BridgeFigure[] = [
  { label: 'Overall P&L', value: (bridge) => bridge.overall_pnl, kind: 'pnl' },
  { label: "Today's P&L", value: (bridge) => bridge.today_pnl, kind: 'pnl' },
  { label: "Today's signals", value: (bridge) => bridge.today_signal_count, kind: 'count' },
  { label: 'Open positions', value: (bridge) => bridge.open_positions_count, kind: 'count' },
  { label: 'Up triggers', value: (bridge) => bridge.up_trigger_count, kind: 'count' },
  { label: 'Down triggers', value: (bridge) => bridge.down_trigger_count, kind: 'count' },
];

export type FigureRenderer = (figure: BridgeFigure, bridge: Bridge) => ReactNode;
