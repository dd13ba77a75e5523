import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_FREE, GROUP_ID, GROUP_ORDER_ID, groupOrderFixture, ISSUE_CHILDREN, PENDING_ORDERS, serveGroupsApi } from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';
import { NIFTY_CALL } from './watchlist-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const SYMBOL = NIFTY_CALL.trading_symbol;
const [CHILD_A, CHILD_B] = ISSUE_CHILDREN;
const [ORDER_A, ORDER_B] = PENDING_ORDERS;
const MASTER_ORDER = groupOrderFixture(null, { order_id: '01JE0000000000000000RDR009', broker_id: ACCOUNT_FREE.broker_id, group_order_id: '01JE0000000000000000GRD002', quantity: 75 });

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

/** The row of one account's order ("Paper Trading (000PAP2) BUY 300 NIFTY… Pending"). */
const orderRow = (account: string, quantity: number) => screen.findByRole('row', { name: `${account} BUY ${quantity} ${SYMBOL} Pending` }, FIRST_RENDER);

describe('pending group orders (/group/pendingorders)', () => {
  afterEach(resetWebTestState);

  it('lists pending orders under their group order and group, each account on its row', async () => {
    // Prepare
    serveGroupsApi({ pending: PENDING_ORDERS });
    // Act
    renderApp('/group/pendingorders');
    // Assess
    const block = await screen.findByRole('rowgroup', { name: `Group order BUY ${SYMBOL} · LIMIT @ 150.50 · INTRADAY` }, FIRST_RENDER);
    expect(within(block).getByText(/ · Nifty options · 3 accounts$/)).toBeTruthy();
    expect(within(block).getAllByTestId('child-quantity').map((cell) => cell.textContent)).toEqual(['150 (2 lots)', '300 (4 lots)', '75 (1 lot)']);
    expect(within(block).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`/group/pendingorders/${GROUP_ORDER_ID}`);
  });

  it("cancels one account's order through the group's call, once confirmed", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ pending: PENDING_ORDERS });
    renderApp('/group/pendingorders');
    const row = await orderRow('Paper Trading (000PAP2)', 300);
    // Act
    fireEvent.click(within(row).getByRole('button', { name: `Cancel BUY 300 ${SYMBOL} of Paper Trading (000PAP2)` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    // Assess
    expect(await toastSaying(`Order cancelled: ${SYMBOL}.`)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/group/updategroupbrokerorder')).toEqual([
      { order_id: ORDER_B?.order_id, group_id: GROUP_ID, grp_broker_id: CHILD_B?.grp_broker_id, action: 'cancel' },
    ]);
  });

  it('converts a whole group order to market, once confirmed', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ pending: PENDING_ORDERS });
    renderApp('/group/pendingorders');
    await orderRow('Paper Trading (000PAP1)', 150);
    // Act
    fireEvent.click(screen.getByRole('button', { name: `Convert to market BUY ${SYMBOL} on 3 accounts` }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert the group order to market?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to market' }));
    // Assess
    expect(await toastSaying('Group order changed on 3 of 3 accounts.')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/group/updateorder')).toEqual([{ group_id: GROUP_ID, group_order_id: GROUP_ORDER_ID, action: 'converttomarket' }]);
  });

  it("modifies one account's order in lots, sending units", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ pending: PENDING_ORDERS });
    renderApp('/group/pendingorders');
    const row = await orderRow('Paper Trading (000PAP1)', 150);
    // Act
    fireEvent.click(within(row).getByRole('button', { name: `Modify BUY 150 ${SYMBOL} of Paper Trading (000PAP1)` }));
    const dialog = await screen.findByRole('dialog', { name: `Modify BUY 150 ${SYMBOL} of Paper Trading (000PAP1)` });
    // Assess: it starts from the order, in lots
    expect(within(dialog).getByLabelText('Order Lot')).toHaveProperty('value', '2');
    expect(within(dialog).getByLabelText('Price')).toHaveProperty('value', '150.5');
    // Act
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '151' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesTo(requests, '/users/broker/group/updategroupbrokerorder')).toEqual([
      { order_id: ORDER_A?.order_id, group_id: GROUP_ID, grp_broker_id: CHILD_A?.grp_broker_id, action: 'modify', order_type: 'LIMIT', quantity: 225, price: 151 },
    ]);
  });

  it("modifies a whole group order's price and keeps every account's quantity when none is given", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ pending: PENDING_ORDERS });
    renderApp('/group/pendingorders');
    await orderRow('Paper Trading (000PAP1)', 150);
    // Act
    fireEvent.click(screen.getByRole('button', { name: `Modify BUY ${SYMBOL} on 3 accounts` }));
    const dialog = await screen.findByRole('dialog', { name: `Modify BUY ${SYMBOL} on 3 accounts` });
    expect(within(dialog).getByLabelText('Order Lot')).toHaveProperty('value', '');
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '149' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesTo(requests, '/users/broker/group/updateorder')).toEqual([
      { group_id: GROUP_ID, group_order_id: GROUP_ORDER_ID, action: 'modify', order_type: 'LIMIT', price: 149 },
    ]);
  });

  it("changes the master's pending order as the user's own order", async () => {
    // Prepare
    const { requests } = serveGroupsApi({ pending: [MASTER_ORDER] });
    renderApp('/group/pendingorders');
    const row = await orderRow(ACCOUNT_FREE.broker_combined_name, 75);
    expect(within(row).getByText('Master')).toBeTruthy();
    // Act
    fireEvent.click(within(row).getByRole('button', { name: `Cancel BUY 75 ${SYMBOL} of ${ACCOUNT_FREE.broker_combined_name}` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    // Assess
    await waitFor(async () => expect(await bodiesTo(requests, '/users/broker/direct/updateorder')).toEqual([{ order_id: MASTER_ORDER.order_id, action: 'cancel' }]));
    expect(await bodiesTo(requests, '/users/broker/group/updategroupbrokerorder')).toEqual([]);
  });

  it('says so when no group order is pending', async () => {
    // Prepare
    serveGroupsApi({ pending: [] });
    // Act
    renderApp('/group/pendingorders');
    // Assess
    expect(await screen.findByText(/^No pending group orders\./, {}, FIRST_RENDER)).toBeTruthy();
  });

  it("opens one group order with every account's part, pending or not", async () => {
    // Prepare
    const filled = groupOrderFixture(ISSUE_CHILDREN[2] ?? null, { order_id: '01JE0000000000000000RDR003', quantity: 75, status: 'completed', filled_quantity: 75, average_price: 150.5 });
    serveGroupsApi({ pending: PENDING_ORDERS.slice(0, 2), history: [...PENDING_ORDERS.slice(0, 2), filled] });
    // Act
    renderApp(`/group/pendingorders/${GROUP_ORDER_ID}`);
    // Assess
    expect(await screen.findByText(/2 of 3 orders are still pending\./, {}, FIRST_RENDER)).toBeTruthy();
    const done = screen.getByRole('row', { name: `Paper Trading (000PAP3) BUY 75 ${SYMBOL} Completed` });
    expect(within(done).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: `Cancel BUY ${SYMBOL} on 2 accounts` })).toBeTruthy();
  });
});
