import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFixture, ANGEL_ACCOUNT } from './demat-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, orderFixture, serveTradingApi, TRADING_ACCOUNT } from './trading-fixtures';
import { ENTRY_IDS, entryFor, NIFTY_CALL, SBIN } from './watchlist-fixtures';

const NIFTY_ENTRY = entryFor(NIFTY_CALL, { ltp: 212.4, previous_close: 200 }, ENTRY_IDS[0]);
const SBIN_ENTRY = entryFor(SBIN, { ltp: 801.25, previous_close: 812.5 }, ENTRY_IDS[1]);
const WATCHLIST_PLACE = '/users/watchlist/placeorder';
const DIRECT_PLACE = '/users/broker/direct/placeorder';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };

/** Opens the ticket from a watch-list row and waits until it is ready (accounts and quote loaded). */
async function openTicketFor(name: string): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name }, FIRST_RENDER);
  fireEvent.click(within(row).getByRole('button', { name: `Trade ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Order ticket: ${name}` });
  await within(dialog).findByRole('form', { name: 'Order ticket' });
  await waitFor(() => expect(within(dialog).getByTestId('ticket-quote').textContent).not.toContain('…'));
  return dialog;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(field(dialog, label), { target: { value } });
const optionsOf = (select: HTMLElement) => [...select.querySelectorAll('option')].map((option) => option.value);
const submitTicket = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /^Place (buy|sell) order$/ }));

async function toastSaying(text: RegExp | string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('order ticket', () => {
  afterEach(resetWebTestState);

  it('takes F&O quantity in order lots and sends lots × lot size as units', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [NIFTY_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openTicketFor(NIFTY_ENTRY.display_name);
    // Act
    type(dialog, 'Order Lot', '2');
    // Assess
    expect(within(dialog).getByText('2 lots × 75 = 150 units')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Quantity')).toBeNull();
    // Act
    submitTicket(dialog);
    // Assess
    await within(dialog).findByTestId('ticket-result');
    const [sent] = await bodiesTo(requests, WATCHLIST_PLACE);
    expect(sent).toMatchObject({ watchlist_id: NIFTY_ENTRY.watchlist_id, broker_id: TRADING_ACCOUNT.broker_id, quantity: 150, order_type: 'LIMIT', transaction_type: 'BUY' });
  });

  it("labels cash equities 'Quantity' and sends them as typed", async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openTicketFor('SBIN');
    // Act
    type(dialog, 'Quantity', '7');
    submitTicket(dialog);
    // Assess
    await within(dialog).findByTestId('ticket-result');
    expect(within(dialog).queryByLabelText('Order Lot')).toBeNull();
    expect((await bodiesTo(requests, WATCHLIST_PLACE))[0]).toMatchObject({ quantity: 7 });
  });

  it('offers only the products the exchange allows', async () => {
    // Prepare
    serveTradingApi({ watchlist: [NIFTY_ENTRY, SBIN_ENTRY] });
    renderApp('/watchlist');
    // Act
    const derivative = await openTicketFor(NIFTY_ENTRY.display_name);
    // Assess
    expect(optionsOf(field(derivative, 'Product'))).toEqual(['INTRADAY', 'CARRYFORWARD']);
    // Act
    fireEvent.click(within(derivative).getByRole('button', { name: 'Close' }));
    const cash = await openTicketFor('SBIN');
    // Assess
    expect(optionsOf(field(cash, 'Product'))).toEqual(['INTRADAY', 'DELIVERY', 'MARGIN']);
  });

  it('prefills the price with the LTP on the tick, steps by the tick, and hides it for MARKET', async () => {
    // Prepare
    serveTradingApi({ watchlist: [NIFTY_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openTicketFor(NIFTY_ENTRY.display_name);
    // Assess: the fresh quote is 212.43, whose nearest tick of 0.05 is 212.45
    const price = field(dialog, 'Price') as HTMLInputElement;
    expect(price.value).toBe('212.45');
    expect(price.step).toBe('0.05');
    // Act
    type(dialog, 'Order type', 'MARKET');
    // Assess
    expect(within(dialog).queryByLabelText('Price')).toBeNull();
    // Act
    type(dialog, 'Order type', 'SL');
    // Assess
    expect(field(dialog, 'Trigger price')).toBeTruthy();
  });

  it('shows what is wrong with each field and sends nothing', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [NIFTY_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openTicketFor(NIFTY_ENTRY.display_name);
    // Act
    type(dialog, 'Order Lot', '0');
    type(dialog, 'Price', '212.43');
    submitTicket(dialog);
    // Assess
    expect(await within(dialog).findByText('Enter a whole number of lots above 0.')).toBeTruthy();
    expect(within(dialog).getByText('Price must be a multiple of the tick size 0.05.')).toBeTruthy();
    // Act
    type(dialog, 'Order Lot', '1');
    type(dialog, 'Order type', 'SL');
    type(dialog, 'Price', '-5');
    type(dialog, 'Trigger price', '211.02');
    submitTicket(dialog);
    // Assess: the contract's own schema speaks for the price, the order rules for the trigger
    expect(await within(dialog).findByText('Price must be above 0.')).toBeTruthy();
    expect(within(dialog).getByText('Trigger price must be a multiple of the tick size 0.05.')).toBeTruthy();
    // Act
    type(dialog, 'Price', '210');
    type(dialog, 'Trigger price', '211');
    submitTicket(dialog);
    // Assess
    expect(await within(dialog).findByText('An SL BUY order needs a trigger price at or below its price.')).toBeTruthy();
    expect(await bodiesTo(requests, WATCHLIST_PLACE)).toEqual([]);
  });

  it("shows a rejected order's status and the broker's reason", async () => {
    // Prepare
    serveTradingApi({ watchlist: [NIFTY_ENTRY], placedAs: { status: 'rejected', submission: 'REJECTED', reason: 'Insufficient funds', broker_order_id: null } });
    renderApp('/watchlist');
    const dialog = await openTicketFor(NIFTY_ENTRY.display_name);
    // Act
    submitTicket(dialog);
    // Assess
    const result = await within(dialog).findByTestId('ticket-result');
    expect(result.getAttribute('data-status')).toBe('rejected');
    expect(within(result).getByText('Order rejected: Insufficient funds')).toBeTruthy();
    expect(within(result).getByText(/^BUY 75 NIFTY30DEC2524000CE LIMIT @ 212\.45 · Rejected$/)).toBeTruthy();
    expect(await toastSaying('Order rejected: Insufficient funds')).toBeTruthy();
  });

  it('sends one order however often Place is pressed while it is on its way', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [NIFTY_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openTicketFor(NIFTY_ENTRY.display_name);
    const place = within(dialog).getByRole('button', { name: 'Place buy order' });
    // Act
    fireEvent.click(place);
    fireEvent.click(place);
    fireEvent.click(place);
    // Assess
    expect(place.hasAttribute('disabled')).toBe(true);
    expect(await toastSaying('Order placed: open at the broker.')).toBeTruthy();
    expect(await bodiesTo(requests, WATCHLIST_PLACE)).toHaveLength(1);
  });

  it('resends a ticket whose answer was lost under the same key, and a new order under a new key', async () => {
    // Prepare: the first answer is lost on the way back
    let calls = 0;
    const { requests } = serveTradingApi(
      { watchlist: [SBIN_ENTRY] },
      {
        'POST /api/v4/users/watchlist/placeorder': async (request) => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          const body = (await request.clone().json()) as Record<string, unknown>;
          return jsonResponse(successBody({ replayed: false, order: orderFixture({ quantity: Number(body.quantity) }) }));
        },
      },
    );
    renderApp('/watchlist');
    const dialog = await openTicketFor('SBIN');
    // Act
    submitTicket(dialog);
    // Assess
    expect(await within(dialog).findByText(/Submitting the same ticket again is safe/)).toBeTruthy();
    // Act
    submitTicket(dialog);
    await within(dialog).findByText('Order placed: open at the broker.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place another' }));
    submitTicket(dialog);
    await waitFor(() => expect(calls).toBe(3));
    // Assess
    const keys = (await bodiesTo(requests, WATCHLIST_PLACE)).map((body) => body.idempotency_key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('offers only connected accounts with trading on, and says how to get one when there is none', async () => {
    // Prepare
    const tradingOff = accountFixture({ broker_id: '01JDZ00000000000000000PAP3', broker_combined_name: 'Paper Trading (000PAP3)', trading_enabled: false });
    serveTradingApi({ accounts: [ANGEL_ACCOUNT, tradingOff], watchlist: [NIFTY_ENTRY] });
    renderApp('/watchlist');
    // Act
    const row = await screen.findByRole('row', { name: NIFTY_ENTRY.display_name }, FIRST_RENDER);
    fireEvent.click(within(row).getByRole('button', { name: `Trade ${NIFTY_ENTRY.display_name}` }));
    // Assess
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/No account can take this order/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Demat page' }).getAttribute('href')).toBe('/demat');
  });

  it('trades a found script by its id through the direct call', async () => {
    // Prepare
    const { requests } = serveTradingApi();
    renderApp('/watchlist');
    fireEvent.change(await screen.findByLabelText('Script type', {}, FIRST_RENDER), { target: { value: 'CE' } });
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'NIFTY' } });
    // Act
    fireEvent.click(await screen.findByRole('button', { name: `Trade ${NIFTY_CALL.display_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Order ticket: ${NIFTY_CALL.display_name}` });
    await waitFor(() => expect(within(dialog).getByTestId('ticket-quote').textContent).toContain('212.43'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    submitTicket(dialog);
    // Assess
    await within(dialog).findByTestId('ticket-result');
    expect((await bodiesTo(requests, DIRECT_PLACE))[0]).toMatchObject({ script_id: NIFTY_CALL.script_id, transaction_type: 'SELL', quantity: 75, price: 212.45 });
  });
});
