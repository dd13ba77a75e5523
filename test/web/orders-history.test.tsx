import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderHistoryContracts, type LinkedOrder, type Order, type OrderDetails, type OrderHistoryRequest } from '../../shared/contracts/orders';
import { buildBrokerAccount } from '../support/builders/broker-account';
import { buildOrder } from '../support/builders/order';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { stubScreen } from './support/phone-screen';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const ORDER_A = '01JD0000000000000000000001';
const ORDER_B = '01JD0000000000000000000002';
const ORDER_C = '01JD0000000000000000000003';
/** The caller's two accounts: the Zerodha one the fixture's orders go to, and a paper one. */
const ZERODHA_ID = '01JC0000000000000000000009';
const PAPER_ID = '01JC0000000000000000000010';
const ACCOUNTS = [
  buildBrokerAccount({ broker_id: ZERODHA_ID, broker: 'zerodha', broker_combined_name: 'Zerodha Kite (ZX1234)' }),
  buildBrokerAccount({ broker_id: PAPER_ID, broker_combined_name: 'Paper Trading (000010)' }),
];

/** A completed DELIVERY order of the caller's Zerodha account; times are UTC instants. */
function orderFixture(overrides: Partial<Order> = {}): Order {
  return buildOrder({
    broker: 'zerodha',
    product: 'DELIVERY',
    status: 'completed',
    filled_quantity: 10,
    average_price: 812.45,
    create_time: '2026-11-21T04:00:00.000Z',
    update_time: '2026-11-21T04:00:02.000Z',
    ...overrides,
  });
}

function orderDetailsFixture(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return { ...orderFixture(), timeline: [], ...overrides };
}

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const INDIVIDUAL = 'POST /api/v4/users/getindividualorderhistory';
const GROUP = 'POST /api/v4/users/getgrouporderhistory';
const DETAILS = 'POST /api/v4/users/getorderdetails';
const ACCOUNT_LIST = 'GET /api/v4/users/broker/getbrokers';

/** 2026-11-21 14:05:09 in Asia/Kolkata. */
const NOW = new Date('2026-11-21T08:35:09Z');
const DEFAULT_RANGE = { from_date: '2026-10-22', to_date: '2026-11-21' };

const FIRST_PAGE: Order[] = [
  orderFixture({ order_id: ORDER_A }),
  orderFixture({
    order_id: ORDER_B,
    trading_symbol: 'NIFTY24NOV24000CE',
    exchange: 'NFO',
    transaction_type: 'SELL',
    order_type: 'MARKET',
    product: 'INTRADAY',
    quantity: 75,
    price: null,
    status: 'rejected',
    reason: 'Insufficient funds, "margin" short',
    origin: 'bridge',
    broker_id: PAPER_ID,
    broker: 'paper',
    filled_quantity: 0,
    average_price: null,
    broker_order_id: null,
    create_time: '2026-11-20T18:45:10.000Z',
  }),
];
const SECOND_PAGE: Order[] = [
  orderFixture({ order_id: ORDER_C, trading_symbol: 'RELIANCE', price: 1234567.5, origin: 'api', create_time: '2026-10-23T04:00:00.000Z' }),
];

/** Pages by cursor: none → first page (next 'c2' when there is a second), 'c2' → second page (last). */
function historyServer(pages: { first: Order[]; second: Order[] }) {
  const bodies: OrderHistoryRequest[] = [];
  const handler = async (request: Request) => {
    const body = orderHistoryContracts.getIndividualOrderHistory.request.parse(await request.json());
    bodies.push(body);
    return body.cursor === 'c2'
      ? jsonResponse(successBody({ items: pages.second, next_cursor: null }))
      : jsonResponse(successBody({ items: pages.first, next_cursor: pages.second.length > 0 ? 'c2' : null }));
  };
  return { bodies, handler };
}

type HistoryServer = ReturnType<typeof historyServer>;

function showOrders(path: string, servers: { individual?: HistoryServer; group?: HistoryServer }) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const empty = historyServer({ first: [], second: [] });
  stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [NOTIFICATIONS]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [INDIVIDUAL]: (servers.individual ?? empty).handler,
    [GROUP]: (servers.group ?? empty).handler,
    [DETAILS]: () => jsonResponse(successBody(orderDetailsFixture({ order_id: ORDER_B, trading_symbol: 'NIFTY24NOV24000CE' }))),
    [ACCOUNT_LIST]: () => jsonResponse(successBody(ACCOUNTS)),
  });
  renderApp(path);
}

/** A cell's text, its lines (spans shown as blocks) joined by a space. */
const cellText = (cell: HTMLElement) => {
  const lines = [...cell.children].map((line) => line.textContent);
  return lines.length > 1 ? lines.join(' ') : cell.textContent;
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map(cellText));

const tabs = () => within(screen.getByRole('navigation', { name: 'Order history tabs' }));

describe('order history page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('opens the Individual tab on /orderhistory, asks for the last 30 days and shows each order', async () => {
    // Prepare
    const server = historyServer({ first: FIRST_PAGE, second: [] });
    // Act
    showOrders('/orderhistory', { individual: server });
    // Assess
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 2, name: 'Order History' })).toBeTruthy();
    expect(tabs().getByRole('link', { name: 'Individual' }).getAttribute('aria-current')).toBe('page');
    expect(tabs().getByRole('link', { name: 'Group' }).getAttribute('aria-current')).toBeNull();
    expect(server.bodies[0]).toEqual({ ...DEFAULT_RANGE, limit: 50 });
    expect(screen.getByLabelText('From')).toHaveProperty('value', '22-10-2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '21-11-2026');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time', 'Account', 'Symbol', 'Side', 'Type', 'Qty', 'Fill / avg price', 'Status', 'Origin',
    ]);
    // Each cell's lines: the exchange under the symbol, the product under the type, the reason under the status.
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['2026-11-21 09:30:00', 'Zerodha Kite (ZX1234)', 'SBIN NSE', 'BUY', 'LIMIT DELIVERY', '10', '812.45', 'Completed', 'Manual'],
        [
          '2026-11-21 00:15:10', 'Paper Trading (000010)', 'NIFTY24NOV24000CE NFO', 'SELL', 'MARKET INTRADAY', '75', '—',
          'Rejected Insufficient funds, "margin" short', 'Bridge',
        ],
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows a resting order's limit price marked as such, and names an account removed since by broker and id", async () => {
    // Prepare: a LIMIT order still pending, on an account no longer among the user's
    const resting = orderFixture({ order_id: ORDER_C, status: 'pending', filled_quantity: 0, average_price: null, broker_id: '01JC00000000000000000GONE1' });
    showOrders('/orderhistory', { individual: historyServer({ first: [resting], second: [] }) });
    // Act
    const row = await screen.findByRole('row', { name: 'Order SBIN BUY 10' });
    // Assess
    await waitFor(() => expect(row.querySelector('[data-column="account"]')?.textContent).toBe('Zerodha Kite (0GONE1)'));
    expect(cellText(row.querySelector<HTMLElement>('[data-column="fill-price"]') ?? row)).toBe('812.50 limit');
    expect(row.querySelector('[data-column="status"]')?.textContent).toBe('Pending');
  });

  it('lists the orders as cards on a phone, each with its account, fill price and status', async () => {
    // Prepare
    stubScreen(true);
    // Act
    showOrders('/orderhistory', { individual: historyServer({ first: FIRST_PAGE, second: [] }) });
    // Assess
    const list = await screen.findByRole('list', { name: 'Orders, times in Asia/Kolkata; choose one for its details' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem', { name: 'Order NIFTY24NOV24000CE SELL 75' });
    const fields = () =>
      Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    await waitFor(() => expect(fields()['Account']).toBe('Paper Trading (000010)'));
    expect(card.querySelector('.column-card__title')?.textContent).toBe('NIFTY24NOV24000CENFO');
    expect(fields()).toMatchObject({ Side: 'SELL', Qty: '75', 'Fill / avg price': '—', Origin: 'Bridge' });
    expect(fields()['Status']).toBe('RejectedInsufficient funds, "margin" short');
    expect(within(list).getByRole('listitem', { name: 'Order SBIN BUY 10' }).querySelector('[data-column="fill-price"]')?.textContent).toBe('812.45');
    // Act: a card opens its order like a row
    fireEvent.click(card);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Details' })).toBeTruthy();
  });

  it('switches to the Group tab, which asks the group history and has no origin filter', async () => {
    // Prepare
    const individual = historyServer({ first: FIRST_PAGE, second: [] });
    const groupOrder: LinkedOrder = {
      ...orderFixture({ order_id: ORDER_C, origin: 'copytrading' }),
      grp_id: '01JE0000000000000000GRP001',
      grp_broker_id: '01JE0000000000000000CHD001',
      group_order_id: '01JE0000000000000000GRD001',
      strategy_name: null,
    };
    const group = historyServer({ first: [groupOrder], second: [] });
    showOrders('/orderhistory/individualorder', { individual, group });
    expect(await screen.findByRole('heading', { level: 2, name: 'Individual order history' })).toBeTruthy();
    expect(screen.getByLabelText('Origin')).toBeTruthy();
    // Act
    fireEvent.click(tabs().getByRole('link', { name: 'Group' }));
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Group order history' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/orderhistory/grouporder');
    expect(tabs().getByRole('link', { name: 'Group' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('rowgroup', { name: 'Group order BUY SBIN · LIMIT @ 812.50 · DELIVERY' })).toBeTruthy();
    expect(group.bodies).toEqual([{ ...DEFAULT_RANGE, limit: 50 }]);
    expect(screen.queryByLabelText('Origin')).toBeNull();
  });

  it('sends the chosen dates, status and origin, and refuses a range that ends before it starts', async () => {
    // Prepare
    const server = historyServer({ first: FIRST_PAGE, second: [] });
    showOrders('/orderhistory', { individual: server });
    await screen.findByRole('table');
    expect(
      within(screen.getByLabelText('Origin')).getAllByRole('option').map((option) => option.textContent),
    ).toEqual(['All origins', 'Manual', 'Order manager', 'Bridge', 'API']);
    // Act
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '25-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10-11-2026' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: 'bridge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    // Assess
    await waitFor(() => expect(server.bodies).toHaveLength(2));
    expect(server.bodies[1]).toEqual({ from_date: '2026-11-01', to_date: '2026-11-10', status: 'rejected', origin: 'bridge', limit: 50 });
  });

  it('loads the next page with the cursor', async () => {
    // Prepare
    const server = historyServer({ first: FIRST_PAGE, second: SECOND_PAGE });
    showOrders('/orderhistory', { individual: server });
    await screen.findByRole('table');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // Assess
    expect(await screen.findByText('RELIANCE')).toBeTruthy();
    expect(server.bodies[1]).toEqual({ ...DEFAULT_RANGE, limit: 50, cursor: 'c2' });
    expect(rowsOf(screen.getByRole('table'))[2]).toEqual([
      '2026-10-23 09:30:00', 'Zerodha Kite (ZX1234)', 'RELIANCE NSE', 'BUY', 'LIMIT DELIVERY', '10', '812.45', 'Completed', 'API',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says plainly when a tab has no orders, and why the Group tab may be empty', async () => {
    // Act
    showOrders('/orderhistory/grouporder', {});
    // Assess
    expect(await screen.findByText('No group orders between 22-10-2026 and 21-11-2026.')).toBeTruthy();
    expect(screen.getByText("Orders placed on your groups (Group menu) show here, each group order with every account's part.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
  });

  it('names the filters in the empty state of the Individual tab', async () => {
    // Prepare
    showOrders('/orderhistory', {});
    expect(await screen.findByText('No orders between 22-10-2026 and 21-11-2026.')).toBeTruthy();
    // Act
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    // Assess
    expect(await screen.findByText('No orders match these filters between 22-10-2026 and 21-11-2026.')).toBeTruthy();
  });

  it('exports every page of the filters as CSV named with the Asia/Kolkata time', async () => {
    // Prepare
    const server = historyServer({ first: FIRST_PAGE, second: SECOND_PAGE });
    const downloads: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob instanceof Blob ? blob : null;
      return 'blob:orders-csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
    });
    showOrders('/orderhistory', { individual: server });
    await screen.findByRole('table');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    // Assess
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(server.bodies.slice(1)).toEqual([
      { ...DEFAULT_RANGE, limit: 100 },
      { ...DEFAULT_RANGE, limit: 100, cursor: 'c2' },
    ]);
    const download = downloads[0];
    expect(download?.name).toBe('order-history-individual_2026-11-21_14-05-09.csv');
    expect(download?.blob.type).toBe('text/csv;charset=utf-8');
    expect(await download?.blob.text()).toBe(
      [
        'Time,Account,Symbol,Exchange,Side,Type,Product,Quantity,Filled quantity,Price,Trigger price,Average price,Status,Reason,Origin,Order id,Broker order id',
        `2026-11-21 09:30:00,Zerodha Kite (ZX1234),SBIN,NSE,BUY,LIMIT,DELIVERY,10,10,812.5,,812.45,Completed,,Manual,${ORDER_A},2411210001`,
        `2026-11-21 00:15:10,Paper Trading (000010),NIFTY24NOV24000CE,NFO,SELL,MARKET,INTRADAY,75,0,,,,Rejected,"Insufficient funds, ""margin"" short",Bridge,${ORDER_B},`,
        `2026-10-23 09:30:00,Zerodha Kite (ZX1234),RELIANCE,NSE,BUY,LIMIT,DELIVERY,10,10,1234567.5,,812.45,Completed,,API,${ORDER_C},2411210001`,
        '',
      ].join('\r\n'),
    );
  });

  it('opens a clicked order on the Order Details page', async () => {
    // Prepare
    showOrders('/orderhistory', { individual: historyServer({ first: FIRST_PAGE, second: [] }) });
    const table = await screen.findByRole('table');
    // Act
    fireEvent.click(within(table).getByText('NIFTY24NOV24000CE'));
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Details' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/orderdetails');
    expect(await screen.findByRole('heading', { level: 3, name: 'Status timeline' })).toBeTruthy();
  });
});
