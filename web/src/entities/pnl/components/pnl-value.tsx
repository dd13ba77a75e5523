import { directionOf } from '@/lib/price-direction';
import { formatPnl, pnlClassOf } from '../pnl-format';
import '../pnl.css';

/** An amount of P&L, green for profit and red for loss. */
export function PnlValue({ amount }: { amount: number }) {
  return (
    <span className={pnlClassOf(amount)} data-direction={directionOf(amount)}>
      {formatPnl(amount)}
    </span>
  );
}
