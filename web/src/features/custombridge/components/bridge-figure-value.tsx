import type { Bridge } from '@shared/contracts/bridge';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatCount } from '@/lib/format/number';
import type { BridgeFigure } from '../bridge-figures';

/** A figure as it reads: P&L coloured, counts shortened like every number (spec §9). */
export function BridgeFigureValue({ figure, bridge }: { figure: BridgeFigure; bridge: Bridge }) {
  const value = figure.value(bridge);
  return figure.kind === 'pnl' ? <PnlValue amount={value} /> : <>{formatCount(value)}</>;
}
