import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, serveTradingApi, TRADING_ACCOUNT } from './trading-fixtures';
import { entryFor, SBIN } from './watchlist-fixtures';

const SBIN_ENTRY = entryFor(SBIN, { ltp: 801.25, previous_close: 812.5 });
const MARGIN_CALL = '/users/broker/getordermargin';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };

async function openSbinTicket(): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name: 'SBIN' }, FIRST_RENDER);
  fireEvent.click(within(row).getByRole('button', { name: 'Trade SBIN' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order ticket: SBIN' });
  await within(dialog).findByRole('form', { name: 'Order ticket' });
  await waitFor(() => expect(within(dialog).getByTestId('ticket-quote').textContent).not.toContain('…'));
  return dialog;
}

const marginLine = (dialog: HTMLElement) => within(dialog).getByTestId('ticket-margin');

/** The first test also loads the lazily loaded page, which takes seconds on a busy machine. */
describe('order ticket: margin before placing', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('shows the margin the ticket needs and the funds available, asked once the ticket settles', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openSbinTicket();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '7' } });
    // Assess
    await waitFor(() => expect(marginLine(dialog).textContent).toBe('Margin required ₹5,608.75 · Available ₹5,00,000.00'));
    expect(within(dialog).queryByTestId('ticket-margin-warning')).toBeNull();
    expect((await bodiesTo(requests, MARGIN_CALL)).at(-1)).toEqual({
      broker_id: TRADING_ACCOUNT.broker_id,
      script_id: SBIN.script_id,
      transaction_type: 'BUY',
      order_type: 'LIMIT',
      product: 'INTRADAY',
      quantity: 7,
      price: 801.25,
    });
    // The line sits above the ticket's Place button.
    const place = within(dialog).getByRole('button', { name: /^Place buy order$/ });
    expect(marginLine(dialog).compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('warns clearly when the account cannot cover the order', async () => {
    // Prepare
    serveTradingApi({ watchlist: [SBIN_ENTRY], marginAvailable: 5_000 });
    renderApp('/watchlist');
    const dialog = await openSbinTicket();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '10' } });
    // Assess
    const warning = await within(dialog).findByTestId('ticket-margin-warning');
    expect(warning.textContent).toContain('Not enough funds for this order: ₹3,012.50 short.');
    expect(marginLine(dialog).textContent).toBe('Margin required ₹8,012.50 · Available ₹5,000.00');
  });

  it('asks nothing while the ticket is incomplete', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    const dialog = await openSbinTicket();
    await waitFor(() => expect(marginLine(dialog).textContent).toContain('Margin required ₹801.25'));
    const asked = (await bodiesTo(requests, MARGIN_CALL)).length;
    // Act
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '' } });
    // Assess
    expect(marginLine(dialog).textContent).toBe('Margin: fill in the order to see what it needs.');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await bodiesTo(requests, MARGIN_CALL)).toHaveLength(asked);
  });
});
