import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PositionsTable } from '../../web/src/entities/account-positions/components/positions-table';
import { renderApp, resetWebTestState } from './support/render-app';
import { ATM_CALL, CANDLE_DAY, EXPIRIES, serveTraderViews } from './trader-views-fixtures';
import { bodiesTo, positionFixture } from './trading-fixtures';
import { ENTRY_IDS, entryFor, NIFTY_CALL } from './watchlist-fixtures';

/** lightweight-charts draws on a canvas jsdom does not have: the tests read what the chart was given. */
const charts = vi.hoisted(() => ({ setData: vi.fn(), setMarkers: vi.fn(), fitContent: vi.fn(), remove: vi.fn() }));
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: { type: 'Candlestick' },
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: charts.setData }),
    timeScale: () => ({ fitContent: charts.fitContent }),
    remove: charts.remove,
  }),
  createSeriesMarkers: () => ({ setMarkers: charts.setMarkers }),
}));

const FIRST_RENDER = { timeout: 5_000 };
const IST = 19_800;

async function openNiftyChain(): Promise<HTMLElement> {
  fireEvent.change(await screen.findByLabelText('Symbol', undefined, FIRST_RENDER), { target: { value: 'NIFTY' } });
  const offers = await screen.findByRole('list', { name: 'Option chains' });
  fireEvent.click(within(offers).getByRole('button', { name: 'Open the NIFTY option chain' }));
  const dialog = await screen.findByRole('dialog', { name: 'Option chain: NIFTY' });
  await within(dialog).findByRole('table');
  return dialog;
}

describe('option chain', { timeout: 20_000 }, () => {
  afterEach(() => {
    resetWebTestState();
    vi.clearAllMocks();
  });

  it('is offered instead of the flat list of contracts when the search names an underlying with options', async () => {
    serveTraderViews();
    renderApp('/watchlist');
    fireEvent.change(await screen.findByLabelText('Script type', undefined, FIRST_RENDER), { target: { value: 'CE' } });
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'NIFTY' } });
    const offers = await screen.findByRole('list', { name: 'Option chains' });
    expect(within(offers).getByText('NIFTY option chain')).toBeTruthy();
    expect(within(offers).getByText('NFO · 2 expiries, nearest 01-12-2026 · 65 per lot')).toBeTruthy();
    // The chain's single contracts are folded, one click away, listed after the offer.
    const unfold = await screen.findByRole('button', { name: 'List them here' });
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    fireEvent.click(unfold);
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(offers.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows calls left and puts right around the marked ATM strike, with LTP, change and OI', async () => {
    serveTraderViews();
    renderApp('/watchlist');
    const dialog = await openNiftyChain();
    const rows = within(dialog).getAllByRole('row').filter((row) => row.hasAttribute('data-strike'));
    expect(rows.map((row) => row.getAttribute('data-strike'))).toEqual(['23900', '23950', '24000', '24050', '24100']);
    const atm = rows.filter((row) => row.getAttribute('data-atm') === 'true');
    expect(atm).toHaveLength(1);
    expect(within(atm[0] as HTMLElement).getByRole('rowheader').textContent).toBe('24,000ATM');
    const cells = within(atm[0] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent ?? '');
    // OI, OI change, change, LTP (+ the phone's stacked figures), trade | trade, LTP, change, OI change, OI
    expect(cells[0]).toBe('8.1M');
    expect(cells[1]).toBe('+78.0K');
    expect(cells[2]).toBe('up +10.00 (+8.20%)');
    expect(cells[3]).toContain('132.00');
    expect(within(atm[0] as HTMLElement).getByRole('button', { name: 'Buy NIFTY 01 DEC 26 24000 CE' })).toBeTruthy();
    expect(within(atm[0] as HTMLElement).getByRole('button', { name: 'Sell NIFTY 01 DEC 26 24000 PE' })).toBeTruthy();
    expect(within(dialog).getByTestId('underlying-price').textContent).toBe('NIFTY 24,012.35');
  });

  it('switches to another listed expiry', async () => {
    const { requests } = serveTraderViews();
    renderApp('/watchlist');
    const dialog = await openNiftyChain();
    const expiry = within(dialog).getByLabelText('Expiry') as HTMLSelectElement;
    expect([...expiry.options].map((option) => option.textContent)).toEqual(['01-12-2026 (nearest)', '08-12-2026']);
    fireEvent.change(expiry, { target: { value: EXPIRIES[1] } });
    await within(dialog).findByRole('button', { name: 'Buy NIFTY 08 DEC 26 24000 CE' });
    expect((await bodiesTo(requests, '/scripts/getoptionchain')).at(-1)).toEqual({ underlying: 'NIFTY', exchange: 'NFO', expiry: EXPIRIES[1] });
  });

  it("opens the order ticket from a cell with the contract, the side and the quantity in lots", async () => {
    const { requests } = serveTraderViews();
    renderApp('/watchlist');
    const dialog = await openNiftyChain();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy NIFTY 01 DEC 26 24000 CE' }));
    const ticket = await screen.findByRole('dialog', { name: 'Order ticket: NIFTY 01 DEC 26 24000 CE' });
    await within(ticket).findByRole('form', { name: 'Order ticket' });
    expect(within(ticket).getByLabelText('Order Lot')).toBeTruthy();
    expect(within(ticket).queryByLabelText('Quantity')).toBeNull();
    fireEvent.change(within(ticket).getByLabelText('Order Lot'), { target: { value: '2' } });
    expect(within(ticket).getByText('2 lots × 65 = 130 units')).toBeTruthy();
    fireEvent.click(within(ticket).getByRole('button', { name: 'Place buy order' }));
    await within(ticket).findByTestId('ticket-result');
    expect((await bodiesTo(requests, '/users/broker/direct/placeorder'))[0]).toMatchObject({ script_id: ATM_CALL.script_id, transaction_type: 'BUY', quantity: 130 });
  });
});

describe('price chart', { timeout: 20_000 }, () => {
  afterEach(() => {
    resetWebTestState();
    vi.clearAllMocks();
  });

  it("draws a chain contract's candles in market time with the user's orders of that contract as markers", async () => {
    const { requests } = serveTraderViews();
    renderApp('/watchlist');
    const dialog = await openNiftyChain();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Chart of NIFTY 01 DEC 26 24000 CE/ }));
    const chart = await screen.findByRole('dialog', { name: 'Price chart: NIFTY 01 DEC 26 24000 CE' });
    await waitFor(() => expect(charts.setMarkers).toHaveBeenLastCalledWith([expect.objectContaining({ shape: 'arrowUp', position: 'belowBar', text: 'Buy 2 lots @ 121.50' })]));
    expect(charts.setData).toHaveBeenLastCalledWith([0, 1, 2].map((index) => expect.objectContaining({ time: CANDLE_DAY.opensAt + index * 300 + IST, close: 122 + index })));
    expect(charts.setMarkers.mock.lastCall?.[0][0].time).toBe(CANDLE_DAY.opensAt + 300 + IST);
    expect(within(chart).getByRole('list', { name: 'Your orders on the chart' }).textContent).toContain('Buy 2 lots @ 121.50');
    expect(within(chart).getByTestId('last-candle').textContent).toBe('Last candle: Open 122.00 · High 127.00 · Low 120.00 · Close 124.00');
    expect((await bodiesTo(requests, '/users/getuserorders'))[0]).toMatchObject({ from_date: '2026-11-26', to_date: '2026-11-26', symbol: ATM_CALL.trading_symbol });
    // Act: another timeframe
    fireEvent.click(within(chart).getByRole('button', { name: '15 minutes' }));
    await waitFor(() => expect(charts.setData).toHaveBeenLastCalledWith(expect.arrayContaining([expect.objectContaining({ time: CANDLE_DAY.opensAt + 900 + IST })])));
    expect((await bodiesTo(requests, '/scripts/getcandles')).map((body) => body.timeframe)).toEqual([5, 15]);
  });

  it('opens from a watch-list row', async () => {
    serveTraderViews([entryFor(NIFTY_CALL, { ltp: 212.4, previous_close: 200 }, ENTRY_IDS[0])]);
    renderApp('/watchlist');
    const row = await screen.findByRole('row', { name: NIFTY_CALL.display_name }, FIRST_RENDER);
    fireEvent.click(within(row).getByRole('button', { name: `Chart of ${NIFTY_CALL.display_name}` }));
    await screen.findByRole('dialog', { name: `Price chart: ${NIFTY_CALL.display_name}` });
    await waitFor(() => expect(charts.setData).toHaveBeenCalled());
    fireEvent.click(within(row).getByRole('button', { name: 'Option chain of NIFTY' }));
    expect(await screen.findByRole('dialog', { name: 'Option chain: NIFTY' })).toBeTruthy();
  });

  it("is offered on an account's position rows the master knows", () => {
    const onChart = vi.fn();
    render(<PositionsTable positions={[positionFixture(), positionFixture({ script_id: null, trading_symbol: 'UNKNOWN1', product: 'DELIVERY' })]} onSquareOff={vi.fn()} onChart={onChart} />);
    const buttons = screen.getAllByRole('button', { name: /^Chart of / });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onChart).toHaveBeenCalledWith({ script_id: NIFTY_CALL.script_id, trading_symbol: NIFTY_CALL.trading_symbol });
  });
});
