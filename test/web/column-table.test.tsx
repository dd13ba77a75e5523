import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnTable, type TableColumn } from '../../web/src/components/column-table';
import { resetWebTestState } from './support/render-app';
import { stubScreen } from './support/phone-screen';

interface Position {
  id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  pnl: string;
  product: string;
  note: string | null;
}

const POSITIONS: readonly Position[] = [
  { id: 'p1', symbol: 'SBIN', side: 'BUY', quantity: 10, pnl: '+1,250.00', product: 'INTRADAY', note: 'Breakout entry, held past the first target' },
  { id: 'p2', symbol: 'NIFTY25DEC2524000CE', side: 'SELL', quantity: 130, pnl: '-320.50', product: 'CARRYFORWARD', note: null },
];

type SquareOff = (position: Position) => void;

const COLUMNS: readonly TableColumn<Position, SquareOff>[] = [
  { header: 'Symbol', key: 'symbol', card: 'title', cell: (position) => position.symbol },
  { header: 'Product', key: 'product', priority: 'low', cell: (position) => position.product },
  { header: 'Side', key: 'side', card: 'lead', cell: (position) => position.side },
  { header: 'Qty', key: 'quantity', numeric: true, card: 'lead', cell: (position) => String(position.quantity) },
  { header: 'P&L', key: 'pnl', numeric: true, card: 'lead', cell: (position) => position.pnl },
  { header: 'Note', key: 'note', wrap: true, cell: (position) => position.note },
  {
    header: 'Action',
    key: 'actions',
    card: 'actions',
    cell: (position, squareOff) => (
      <button type="button" onClick={() => squareOff(position)}>
        Square off {position.symbol}
      </button>
    ),
  },
];

function showPositions(options: { onOpen?: (position: Position) => void; selectedId?: string } = {}) {
  const squareOff = vi.fn<SquareOff>();
  render(
    <ColumnTable
      className="positions"
      caption="Positions, P&L in rupees"
      columns={COLUMNS}
      rows={POSITIONS}
      rowKey={(position) => position.id}
      rowName={(position) => `${position.symbol} ${position.side}`}
      rowAttributes={(position) => ({ 'data-side': position.side })}
      onRowOpen={options.onOpen}
      isRowSelected={options.selectedId ? (position) => position.id === options.selectedId : undefined}
      tools={squareOff}
    />,
  );
  return squareOff;
}

describe('ColumnTable', () => {
  afterEach(resetWebTestState);

  it('is a table on a wide screen: a caption, a header per column, a row per item named by it', () => {
    // Prepare
    stubScreen(false);
    // Act
    showPositions();
    // Assess
    const table = screen.getByRole('table', { name: 'Positions, P&L in rupees' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Symbol', 'Product', 'Side', 'Qty', 'P&L', 'Note', 'Action']);
    const row = within(table).getByRole('row', { name: 'NIFTY25DEC2524000CE SELL' });
    expect(row.getAttribute('data-side')).toBe('SELL');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['NIFTY25DEC2524000CE', 'CARRYFORWARD', 'SELL', '130', '-320.50', '', 'Square off NIFTY25DEC2524000CE']);
    // Figures are right-aligned and kept whole, long text wraps, the low-priority column may give way on a narrow box.
    const cellOf = (key: string) => row.querySelector(`[data-column="${key}"]`);
    expect(cellOf('pnl')?.className).toContain('column-table__numeric');
    expect(cellOf('note')?.className).toContain('column-table__wrap');
    expect(cellOf('product')?.getAttribute('data-priority')).toBe('low');
    expect(cellOf('symbol')?.getAttribute('data-priority')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a list of cards on a phone: the title, the lead figures and the other fields by name, then the buttons', () => {
    // Prepare
    stubScreen(true);
    const squareOff = showPositions();
    // Assess
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Positions, P&L in rupees' });
    expect(screen.getByText('Positions, P&L in rupees')).toBeTruthy();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['SBIN BUY', 'NIFTY25DEC2524000CE SELL']);
    const card = within(list).getByRole('listitem', { name: 'SBIN BUY' });
    expect(card.getAttribute('data-side')).toBe('BUY');
    // What matters comes first: the symbol, then side, quantity and P&L, each under its name.
    expect(card.querySelector('.column-card__title')?.textContent).toBe('SBIN');
    const lead = card.querySelector('.column-card__lead');
    expect(lead && within(lead as HTMLElement).getAllByRole('term').map((term) => term.textContent)).toEqual(['Side', 'Qty', 'P&L']);
    expect(lead && within(lead as HTMLElement).getAllByRole('definition').map((value) => value.textContent)).toEqual(['BUY', '10', '+1,250.00']);
    const details = card.querySelector('.column-card__details');
    expect(details && within(details as HTMLElement).getAllByRole('term').map((term) => term.textContent)).toEqual(['Product', 'Note']);
    expect(card.querySelector('[data-column="pnl"]')?.textContent).toBe('+1,250.00');
    // A field the row has no value for is left off its card.
    const second = within(list).getByRole('listitem', { name: 'NIFTY25DEC2524000CE SELL' });
    expect(within(second).queryByText('Note')).toBeNull();
    // Act: the row's button is on its card
    fireEvent.click(within(card).getByRole('button', { name: 'Square off SBIN' }));
    // Assess
    expect(squareOff).toHaveBeenCalledWith(POSITIONS[0]);
  });

  it('turns from table to cards and back as the window crosses 425 px', () => {
    // Prepare
    const screenSize = stubScreen(false);
    showPositions();
    expect(screen.getByRole('table')).toBeTruthy();
    // Act
    screenSize.resize(true);
    // Assess
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screenSize.queries).toContain('(max-width: 425px)');
    // Act
    screenSize.resize(false);
    // Assess
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('opens a row by click, Enter or Space, but leaves the keys of its buttons to them', () => {
    // Prepare
    stubScreen(false);
    const onOpen = vi.fn<(position: Position) => void>();
    showPositions({ onOpen, selectedId: 'p2' });
    const row = screen.getByRole('row', { name: 'SBIN BUY' });
    // Act
    fireEvent.click(within(row).getByText('INTRADAY'));
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    fireEvent.keyDown(within(row).getByRole('button'), { key: 'Enter' });
    // Assess
    expect(onOpen.mock.calls.map(([position]) => position.id)).toEqual(['p1', 'p1', 'p1']);
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('row', { name: 'NIFTY25DEC2524000CE SELL' }).getAttribute('aria-selected')).toBe('true');
    expect(row.getAttribute('aria-selected')).toBe('false');
  });

  it('opens a card the same way on a phone, the open one marked as current', () => {
    // Prepare
    stubScreen(true);
    const onOpen = vi.fn<(position: Position) => void>();
    showPositions({ onOpen, selectedId: 'p2' });
    const card = screen.getByRole('listitem', { name: 'NIFTY25DEC2524000CE SELL' });
    // Act
    fireEvent.keyDown(card, { key: 'Enter' });
    // Assess
    expect(onOpen).toHaveBeenCalledWith(POSITIONS[1]);
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('listitem', { name: 'SBIN BUY' }).getAttribute('aria-current')).toBeNull();
  });
});
