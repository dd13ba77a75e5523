import { useEffect, useRef, type ReactNode } from 'react';
import type { OptionChain, OptionChainLeg, OptionChainRow } from '@shared/contracts/option-chain';
import { formatPrice } from '@/lib/format/price';
import { isInTheMoney } from '../chain-figures';
import { LegChange, LegOpenInterest, LegOpenInterestChange, LegPrice, LegTrade, type ChainCellTools, type Side } from './chain-leg-cells';

interface LegColumn {
  header: string;
  /** Columns a phone leaves out (their figures sit under the LTP there). */
  wideOnly?: boolean;
  numeric?: boolean;
  cell: (leg: OptionChainLeg, tools: ChainCellTools) => ReactNode;
}

/** A side's columns, from the outside in: calls read left to right towards the strike, puts mirror them. */
const OUTSIDE_IN: readonly LegColumn[] = [
  { header: 'OI', wideOnly: true, numeric: true, cell: (leg) => <LegOpenInterest leg={leg} /> },
  { header: 'OI chg', wideOnly: true, numeric: true, cell: (leg) => <LegOpenInterestChange leg={leg} /> },
  { header: 'Change', wideOnly: true, numeric: true, cell: (leg) => <LegChange leg={leg} /> },
  { header: 'LTP', numeric: true, cell: (leg, tools) => <LegPrice leg={leg} tools={tools} /> },
  { header: 'Trade', cell: (leg, tools) => <LegTrade leg={leg} tools={tools} /> },
];
const SIDE_COLUMNS: Readonly<Record<Side, readonly LegColumn[]>> = { ce: OUTSIDE_IN, pe: [...OUTSIDE_IN].reverse() };

const columnClass = (column: LegColumn) => [column.wideOnly ? 'option-chain__wide' : '', column.numeric ? 'option-chain__numeric' : ''].join(' ').trim() || undefined;

function sideCells(row: OptionChainRow, side: Side, underlyingPrice: number, tools: ChainCellTools) {
  const leg = row[side];
  const money = isInTheMoney(side, row.strike, underlyingPrice) ? 'option-chain__cell--itm' : undefined;
  return SIDE_COLUMNS[side].map((column) => (
    <td key={`${side}-${column.header}`} className={[columnClass(column), money].filter(Boolean).join(' ') || undefined}>
      {leg ? column.cell(leg, tools) : '—'}
    </td>
  ));
}

interface OptionChainTableProps {
  chain: OptionChain;
  tools: ChainCellTools;
}

/** Calls left, puts right, strikes in the middle; the ATM row marked; in-the-money cells shaded. */
export function OptionChainTable({ chain, tools }: OptionChainTableProps) {
  const price = chain.underlying_price.ltp;
  const scroller = useRef<HTMLDivElement>(null);
  // The ATM row in the middle of the scrolled table, once per expiry shown (the page itself does not move).
  useEffect(() => {
    const box = scroller.current;
    const atm = box?.querySelector<HTMLElement>('tr[data-atm="true"]');
    if (box && atm) box.scrollTop = atm.offsetTop - box.clientHeight / 2 + atm.offsetHeight / 2;
  }, [chain.underlying, chain.expiry]);
  return (
    <>
      <div className="option-chain__legend" aria-hidden="true">
        <span>← Calls (CE)</span>
        <span>Puts (PE) →</span>
      </div>
      <div className="option-chain__scroll" ref={scroller}>
        <table className="option-chain__table">
          <caption className="option-chain__caption">
            {chain.underlying} options expiring {chain.expiry.split('-').reverse().join('-')}: calls (CE) left, puts (PE) right, prices in rupees, open interest in units (simulated on the paper market)
          </caption>
          <thead>
            <tr>
              {SIDE_COLUMNS.ce.map((column) => (
                <th key={`ce-${column.header}`} scope="col" className={columnClass(column)}>
                  CE {column.header}
                </th>
              ))}
              <th scope="col" className="option-chain__strike">
                Strike
              </th>
              {SIDE_COLUMNS.pe.map((column) => (
                <th key={`pe-${column.header}`} scope="col" className={columnClass(column)}>
                  PE {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chain.rows.map((row) => (
              <tr
                key={row.strike}
                data-strike={row.strike}
                data-atm={row.is_atm ? 'true' : undefined}
                aria-current={row.is_atm ? 'true' : undefined}
                className={row.is_atm ? 'option-chain__row option-chain__row--atm' : 'option-chain__row'}
              >
                {sideCells(row, 'ce', price, tools)}
                <th scope="row" className="option-chain__strike">
                  {formatPrice(row.strike).replace(/\.00$/, '')}
                  {row.is_atm ? <span className="option-chain__atm-badge">ATM</span> : null}
                </th>
                {sideCells(row, 'pe', price, tools)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
