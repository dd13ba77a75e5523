import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAPER_ID } from './demat-fixtures';
import { GROUP_ID, serveGroupsApi } from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, serveTradingApi } from './trading-fixtures';
import { entryFor, ENTRY_IDS, NIFTY_CALL, SBIN } from './watchlist-fixtures';

/**
 * Issue 16, defects 5 and 6: a ticket that placed an order stays done until "Place another"; a ticket
 * opened from a watch-list row holds focus (Escape closes it), and the script step has a Close button.
 */
const SBIN_ENTRY = entryFor(SBIN, { ltp: 801.25, previous_close: 812.5 }, ENTRY_IDS[1]);
const WATCHLIST_PLACE = '/users/watchlist/placeorder';
const FIRST_RENDER = { timeout: 5_000 };

async function openSbinTicket(): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name: 'SBIN' }, FIRST_RENDER);
  const trade = within(row).getByRole('button', { name: 'Trade SBIN' });
  // A browser focuses a clicked button; jsdom does not.
  trade.focus();
  fireEvent.click(trade);
  return screen.findByRole('dialog', { name: 'Order ticket: SBIN' });
}

async function readyTicket(): Promise<HTMLElement> {
  const dialog = await openSbinTicket();
  await within(dialog).findByRole('form', { name: 'Order ticket' });
  await waitFor(() => expect(within(dialog).getByTestId('ticket-quote').textContent).not.toContain('…'));
  return dialog;
}

const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('order ticket after a placed order', { timeout: 20_000 }, () => {
  afterEach(resetWebTestState);

  it('shows the result and needs "Place another" before a second order, which then gets a new key', async () => {
    // Prepare
    const { requests } = serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    const dialog = await readyTicket();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place buy order' }));
    // Assess: the order is shown, Place is gone, the fields are locked
    expect(await within(dialog).findByText('Order placed: open at the broker.')).toBeTruthy();
    const another = within(dialog).getByRole('button', { name: 'Place another' });
    expect(within(dialog).queryByRole('button', { name: 'Place buy order' })).toBeNull();
    expect(within(dialog).getByLabelText('Quantity').hasAttribute('disabled')).toBe(true);
    // Act: submitting the form again (Enter) sends nothing
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Order ticket' }));
    // Assess
    expect(await bodiesTo(requests, WATCHLIST_PLACE)).toHaveLength(1);
    // Act
    fireEvent.click(another);
    // Assess: armed again, with the values kept and the result gone
    const place = await within(dialog).findByRole('button', { name: 'Place buy order' });
    expect(within(dialog).queryByTestId('ticket-result')).toBeNull();
    expect((within(dialog).getByLabelText('Quantity') as HTMLInputElement).value).toBe('3');
    fireEvent.click(place);
    await within(dialog).findByRole('button', { name: 'Place another' });
    const keys = (await bodiesTo(requests, WATCHLIST_PLACE)).map((body) => body.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('closes on Escape once placed, though the focused Place button is gone', async () => {
    // Prepare
    serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    const dialog = await readyTicket();
    const place = within(dialog).getByRole('button', { name: 'Place buy order' });
    place.focus();
    fireEvent.click(place);
    await within(dialog).findByRole('button', { name: 'Place another' });
    expect(document.activeElement).toBe(document.body);
    // Act
    fireEvent.keyDown(document.body, { key: 'Escape' });
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for "Place another" on a group ticket too', async () => {
    // Prepare
    const { requests } = serveGroupsApi();
    renderApp(`/group/group/${GROUP_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Nifty options' }, FIRST_RENDER);
    fireEvent.click(await screen.findByRole('button', { name: 'Place group order' }));
    const picker = await screen.findByRole('dialog', { name: 'Group order: choose a script' });
    fireEvent.change(within(picker).getByLabelText('Script type'), { target: { value: 'CE' } });
    fireEvent.change(within(picker).getByLabelText('Symbol'), { target: { value: 'NIFTY' } });
    fireEvent.click(await within(picker).findByRole('button', { name: `Trade ${NIFTY_CALL.display_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Group order: ${NIFTY_CALL.display_name}` });
    await within(dialog).findByRole('form', { name: 'Group order ticket' });
    fireEvent.change(within(dialog).getByLabelText('Order type'), { target: { value: 'MARKET' } });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place buy order' }));
    await within(dialog).findByTestId('group-order-result');
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Group order ticket' }));
    // Assess
    expect(within(dialog).getByRole('button', { name: 'Place another' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Order Lot').hasAttribute('disabled')).toBe(true);
    expect(await bodiesTo(requests, '/users/broker/group/placeorder')).toHaveLength(1);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place another' }));
    // Assess
    expect(await within(dialog).findByRole('button', { name: 'Place buy order' })).toBeTruthy();
    expect(within(dialog).queryByTestId('group-order-result')).toBeNull();
  });
});

describe('order ticket focus and closing', { timeout: 20_000 }, () => {
  afterEach(resetWebTestState);

  it('takes focus when opened from a watch-list row, even before its form is ready, and Escape closes it', async () => {
    // Prepare
    serveTradingApi({ watchlist: [SBIN_ENTRY] });
    renderApp('/watchlist');
    // Act
    const dialog = await openSbinTicket();
    // Assess
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Act
    pressEscape();
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Trade SBIN');
  });

  it("offers Close on the ticket's first step, choosing a script", async () => {
    // Prepare
    serveTradingApi();
    renderApp(`/demat/${PAPER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }, FIRST_RENDER));
    const picker = await screen.findByRole('dialog', { name: 'Order ticket: choose a script' });
    // Act
    fireEvent.click(within(picker).getByRole('button', { name: 'Close' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
