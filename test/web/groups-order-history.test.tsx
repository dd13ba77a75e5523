import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_ID, groupOrderFixture, ISSUE_CHILDREN, PENDING_ORDERS, serveGroupsApi } from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';
import { NIFTY_CALL } from './watchlist-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const SYMBOL = NIFTY_CALL.trading_symbol;
/** 2026-03-02 14:05:09 in Asia/Kolkata. */
const NOW = new Date('2026-03-02T08:35:09Z');
const DEFAULT_RANGE = { from_date: '2026-01-31', to_date: '2026-03-02' };

/** The issue's group order (2, 4, 1 lots; one account rejected) and a square-off of the first account. */
const HISTORY = [
  groupOrderFixture(ISSUE_CHILDREN[0] ?? null, { order_id: '01JE0000000000000000RDR007', group_order_id: null, transaction_type: 'SELL', order_type: 'MARKET', price: null, quantity: 150, status: 'completed', filled_quantity: 150, create_time: '2026-03-02T06:00:00.000Z' }),
  ...PENDING_ORDERS.map((order, index) =>
    index === 1 ? { ...order, status: 'rejected' as const, reason: 'Insufficient funds' } : { ...order, status: 'completed' as const, filled_quantity: order.quantity, average_price: 150.5 },
  ),
];

const rowsOf = (group: HTMLElement) =>
  within(group)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('group order history', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it("breaks each group order down per account on the Group tab, naming its group", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ history: HISTORY });
    // Act
    renderApp('/orderhistory/grouporder');
    // Assess
    const order = await screen.findByRole('rowgroup', { name: `Group order BUY ${SYMBOL} · LIMIT @ 150.50 · INTRADAY` }, FIRST_RENDER);
    expect(within(order).getByText('2026-03-02 10:30:00 · Nifty options · 3 accounts')).toBeTruthy();
    expect(rowsOf(order)).toEqual([
      ['Paper Trading (000PAP1)Child', '150 (2 lots)', '150', '150.50', 'Completed', 'Details'],
      ['Paper Trading (000PAP2)Child', '300 (4 lots)', '0', '—', 'RejectedInsufficient funds', 'Details'],
      ['Paper Trading (000PAP3)Child', '75 (1 lot)', '75', '150.50', 'Completed', 'Details'],
    ]);
    const squareOff = screen.getByRole('rowgroup', { name: `Group order SELL ${SYMBOL} · MARKET · INTRADAY` });
    expect(within(squareOff).getByText(/^Square-off · /)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/getgrouporderhistory')).toEqual([{ ...DEFAULT_RANGE, limit: 50 }]);
  });

  it("sums one group's orders per account on its own history page", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ history: HISTORY });
    // Act
    renderApp(`/orderhistory/grouporder/broker/${GROUP_ID}`);
    // Assess
    const summary = await screen.findByRole('table', { name: 'Per account: orders and quantities in units by status' }, FIRST_RENDER);
    expect(within(summary).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Account', 'Orders', 'Quantity', 'Pending', 'Completed', 'Cancelled', 'Rejected', 'Failed',
    ]);
    expect(rowsOf(summary)).toEqual([
      ['Paper Trading (000PAP1)', '2', '300', '0', '300', '0', '0', '0'],
      ['Paper Trading (000PAP2)', '1', '300', '0', '0', '0', '300', '0'],
      ['Paper Trading (000PAP3)', '1', '75', '0', '75', '0', '0', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Nifty options' }).getAttribute('href')).toBe(`/group/group/${GROUP_ID}`);
    expect(await bodiesTo(requests, '/users/getgrouporderhistory')).toEqual([{ ...DEFAULT_RANGE, group_id: GROUP_ID, limit: 50 }]);
  });
});
