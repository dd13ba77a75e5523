import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, ANGEL_ID, PAPER_ID } from './demat-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, bookRowFixture, ORDER_IDS, positionFixture, serveTradingApi } from './trading-fixtures';
import { NIFTY_CALL, SBIN } from './watchlist-fixtures';

const NIFTY_LONG = positionFixture({ realised_pnl: 0, unrealised_pnl: 1860 });
const SBIN_SHORT = positionFixture({
  script_id: SBIN.script_id,
  trading_symbol: 'SBIN',
  exchange: 'NSE',
  product: 'DELIVERY',
  net_quantity: -10,
  lot_size: 1,
  average_price: 790,
  last_price: 801.25,
  realised_pnl: 25,
  unrealised_pnl: -112.5,
});
const CLOSED = positionFixture({ trading_symbol: 'NIFTY30DEC2524100CE', script_id: 'NFO:NIFTY30DEC2524100CE', net_quantity: 0, realised_pnl: -300, unrealised_pnl: 0 });

const PENDING = bookRowFixture();
const DONE = bookRowFixture({ broker_order_id: `${PAPER_ID}-O2`, order_id: ORDER_IDS[1], status: 'completed', order_type: 'MARKET', price: null, filled_quantity: 150, average_price: 212.4 });
const ELSEWHERE = bookRowFixture({ broker_order_id: 'EXT-77', order_id: null, action: 'SELL', quantity: 75, price: 250 });
const REJECTED = bookRowFixture({ broker_order_id: `${PAPER_ID}-O3`, order_id: ORDER_IDS[2], status: 'rejected', reason: 'Insufficient funds' });

async function toastSaying(text: string | RegExp): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const positionsRegion = () => screen.findByRole('region', { name: 'Positions' }, FIRST_RENDER);
const bookRegion = () => screen.findByRole('region', { name: 'Order book' }, FIRST_RENDER);

describe('demat account page: positions and P&L', () => {
  afterEach(resetWebTestState);

  it('shows each position with quantities, prices and signed P&L, and the totals', async () => {
    // Act
    serveTradingApi({ positions: [NIFTY_LONG, SBIN_SHORT, CLOSED] });
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    const positions = await positionsRegion();
    const nifty = await within(positions).findByRole('row', { name: `${NIFTY_CALL.trading_symbol} INTRADAY` });
    expect(within(nifty).getByTestId('net-quantity').textContent).toBe('150 (2 lots)');
    expect(within(nifty).getAllByText('₹1,860.00')[0]?.getAttribute('data-direction')).toBe('up');
    const sbin = within(positions).getByRole('row', { name: 'SBIN DELIVERY' });
    expect(within(sbin).getByTestId('net-quantity').textContent).toBe('-10');
    expect(within(sbin).getByText('-₹87.50').getAttribute('data-direction')).toBe('down');
    const closed = within(positions).getByRole('row', { name: 'NIFTY30DEC2524100CE INTRADAY' });
    expect(within(closed).getByText('Closed')).toBeTruthy();
    const totals = within(positions).getByLabelText('P&L totals');
    expect(within(totals).getByText('₹1,472.50')).toBeTruthy();
  });

  it('charts P&L per position and in total on one scale, coloured by sign', async () => {
    // Act
    serveTradingApi({ positions: [NIFTY_LONG, SBIN_SHORT] });
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    const chart = await within(await positionsRegion()).findByRole('figure', { name: 'Profit and loss by position' });
    const rows = [...chart.querySelectorAll('[data-pnl]')];
    expect(rows.map((row) => Number(row.getAttribute('data-pnl')))).toEqual([1860, -87.5, 1772.5]);
    const bars = rows.map((row) => row.querySelector('rect'));
    expect(bars.map((bar) => bar?.getAttribute('class'))).toEqual(['pnl--profit', 'pnl--loss', 'pnl--profit']);
    // The largest amount spans half the bar (from the zero line to the edge); the others are in proportion.
    expect(bars.map((bar) => Number(bar?.getAttribute('width')))).toEqual([100, (87.5 / 1860) * 100, (1772.5 / 1860) * 100]);
    expect(Number(bars[1]?.getAttribute('x')) + Number(bars[1]?.getAttribute('width'))).toBe(100);
    expect(within(chart).getByText('Total')).toBeTruthy();
  });

  it('squares off one position after a confirmation and reads the account again', async () => {
    // Prepare
    const { requests } = serveTradingApi({ positions: [NIFTY_LONG] });
    renderApp(`/demat/${PAPER_ID}`);
    const positions = await positionsRegion();
    fireEvent.click(await within(positions).findByRole('button', { name: `Square off ${NIFTY_CALL.trading_symbol} INTRADAY` }));
    const dialog = await screen.findByRole('dialog', { name: `Square off ${NIFTY_CALL.trading_symbol}?` });
    expect(within(dialog).getByText(/A MARKET SELL order for 150 units/)).toBeTruthy();
    const readsBefore = (await bodiesTo(requests, '/users/broker/getbrokerpositions')).length;
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Square off' }));
    // Assess
    expect(await toastSaying('1 square-off order completed.')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/direct/squareoff')).toEqual([
      { broker_id: PAPER_ID, script_id: NIFTY_CALL.script_id, product: 'INTRADAY' },
    ]);
    await waitFor(async () => expect((await bodiesTo(requests, '/users/broker/getbrokerpositions')).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('squares off all open positions after a confirmation, and sends nothing when kept', async () => {
    // Prepare
    const { requests } = serveTradingApi({ positions: [NIFTY_LONG, SBIN_SHORT, CLOSED] });
    renderApp(`/demat/${PAPER_ID}`);
    const positions = await positionsRegion();
    await within(positions).findByRole('row', { name: 'SBIN DELIVERY' });
    // Act
    fireEvent.click(within(positions).getByRole('button', { name: 'Square off all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Square off all positions?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    // Assess
    expect(await bodiesTo(requests, '/users/broker/direct/squareoffall')).toEqual([]);
    // Act
    fireEvent.click(within(positions).getByRole('button', { name: 'Square off all' }));
    expect(within(await screen.findByRole('dialog')).getByText(/Each of the 2 open positions/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Square off all' }));
    // Assess
    expect(await toastSaying('2 square-off orders completed.')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/direct/squareoffall')).toEqual([{ broker_id: PAPER_ID }]);
  });

  it('says what to do when there are no positions or orders yet', async () => {
    // Act
    serveTradingApi();
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    expect(await within(await positionsRegion()).findByText(/No positions today\. Place an order/)).toBeTruthy();
    expect(await within(await bookRegion()).findByText(/No orders today on this account\. Use Place order/)).toBeTruthy();
    expect(within(await positionsRegion()).getByRole('button', { name: 'Square off all' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('demat account page: order book', () => {
  afterEach(resetWebTestState);

  it('offers Modify, Cancel and Convert to market on open orders only, with the reason of refused ones', async () => {
    // Act
    serveTradingApi({ book: [PENDING, DONE, REJECTED] });
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    const book = await bookRegion();
    const pending = await within(book).findByRole('row', { name: `BUY 150 ${NIFTY_CALL.trading_symbol} Pending` });
    for (const action of ['Modify', 'Cancel', 'Convert to market']) {
      expect(within(pending).getByRole('button', { name: `${action} BUY 150 ${NIFTY_CALL.trading_symbol}` })).toBeTruthy();
    }
    expect(within(pending).getByText('150 / 0')).toBeTruthy();
    const done = within(book).getByRole('row', { name: `BUY 150 ${NIFTY_CALL.trading_symbol} Completed` });
    expect(within(done).queryAllByRole('button')).toEqual([]);
    const refused = within(book).getByRole('row', { name: `BUY 150 ${NIFTY_CALL.trading_symbol} Rejected` });
    expect(within(refused).getByText('Insufficient funds')).toBeTruthy();
  });

  it('cancels an open order by its order id after a confirmation', async () => {
    // Prepare
    const { requests } = serveTradingApi({ book: [PENDING] });
    renderApp(`/demat/${PAPER_ID}`);
    fireEvent.click(await within(await bookRegion()).findByRole('button', { name: `Cancel BUY 150 ${NIFTY_CALL.trading_symbol}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    // Assess
    expect(await toastSaying(`Order cancelled: ${NIFTY_CALL.trading_symbol}.`)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/direct/updateorder')).toEqual([{ order_id: ORDER_IDS[0], action: 'cancel' }]);
  });

  it("converts an order placed elsewhere to MARKET by the broker's order id", async () => {
    // Prepare
    const { requests } = serveTradingApi({ book: [ELSEWHERE] });
    renderApp(`/demat/${PAPER_ID}`);
    fireEvent.click(await within(await bookRegion()).findByRole('button', { name: `Convert to market SELL 75 ${NIFTY_CALL.trading_symbol}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a market order?' });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to market' }));
    // Assess
    expect(await toastSaying('Converted to MARKET: completed.')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/direct/updatebrokerorder')).toEqual([
      { broker_id: PAPER_ID, broker_order_id: 'EXT-77', action: 'converttomarket' },
    ]);
    expect(await bodiesTo(requests, '/users/broker/direct/updateorder')).toEqual([]);
  });

  it('modifies price and lots, checked first, and sends the quantity in units', async () => {
    // Prepare
    const { requests } = serveTradingApi({ book: [PENDING] });
    renderApp(`/demat/${PAPER_ID}`);
    fireEvent.click(await within(await bookRegion()).findByRole('button', { name: `Modify BUY 150 ${NIFTY_CALL.trading_symbol}` }));
    const dialog = await screen.findByRole('dialog', { name: `Modify BUY ${NIFTY_CALL.trading_symbol}` });
    expect((within(dialog).getByLabelText('Order Lot') as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('150.50');
    // Act
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '149.99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    // Assess
    expect(await within(dialog).findByText('Price must be a multiple of the tick size 0.05.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '149.95' } });
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '3' } });
    expect(within(dialog).getByText('3 lots × 75 = 225 units')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    // Assess
    expect(await toastSaying(`Order modified: ${NIFTY_CALL.trading_symbol} pending.`)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/direct/updateorder')).toEqual([
      { order_id: ORDER_IDS[0], action: 'modify', order_type: 'LIMIT', quantity: 225, price: 149.95 },
    ]);
  });
});

describe('demat account page: placing and connection', () => {
  afterEach(resetWebTestState);

  it('opens the ticket on this account, finds the script, and places the order', async () => {
    // Prepare
    const { requests } = serveTradingApi();
    renderApp(`/demat/${PAPER_ID}`);
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Order ticket: choose a script' });
    fireEvent.change(within(dialog).getByLabelText('Script type'), { target: { value: 'EQ' } });
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: 'SBI' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Trade SBIN' }));
    const ticket = await screen.findByRole('dialog', { name: 'Order ticket: SBIN' });
    await waitFor(() => expect(within(ticket).getByTestId('ticket-quote').textContent).toContain('801.25'));
    // Assess
    expect((within(ticket).getByLabelText('Account') as HTMLSelectElement).value).toBe(PAPER_ID);
    // Act
    fireEvent.change(within(ticket).getByLabelText('Order type'), { target: { value: 'MARKET' } });
    fireEvent.click(within(ticket).getByRole('button', { name: 'Place buy order' }));
    // Assess
    await within(ticket).findByTestId('ticket-result');
    const [sent] = await bodiesTo(requests, '/users/broker/direct/placeorder');
    expect(sent).toMatchObject({ broker_id: PAPER_ID, script_id: SBIN.script_id, order_type: 'MARKET', quantity: 1 });
    expect(sent).not.toHaveProperty('price');
  });

  it('says an expired account is not connected, offers to reconnect, and reads no positions', async () => {
    // Act
    const { requests } = serveTradingApi({ accounts: [ANGEL_ACCOUNT] });
    renderApp(`/demat/${ANGEL_ID}`);
    // Assess
    expect(await screen.findByText(/Positions, the order book and new orders need a live session/, {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Reconnect' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Place order' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Positions' })).toBeNull();
    expect(await bodiesTo(requests, '/users/broker/getbrokerpositions')).toEqual([]);
  });

  it('reads the funds again with Refresh funds', async () => {
    // Prepare
    const { requests } = serveTradingApi();
    renderApp(`/demat/${PAPER_ID}`);
    const funds = await screen.findByRole('region', { name: 'Funds' }, FIRST_RENDER);
    expect(within(funds).getByTestId('funds-available').textContent).toBe('₹1.0M');
    // Act
    fireEvent.click(within(funds).getByRole('button', { name: 'Refresh funds' }));
    // Assess
    expect(await toastSaying('Data refreshed successfully!')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/refresh')).toEqual([{ broker_id: PAPER_ID }]);
  });
});
