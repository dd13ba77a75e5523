import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE } from '../../shared/contracts/ordermanager';
import {
  OG_ID,
  omPositionFixture,
  OP_ID,
  OPEN_POSITION,
  orderGroupFixture,
  OTHER_OP_ID,
  outcomeFixture,
  serveOrderManagerApi,
} from './ordermanager-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, TRADING_ACCOUNT } from './trading-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const WAITING = omPositionFixture();
const GROUP = orderGroupFixture({ position_data: [WAITING, OPEN_POSITION] });

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const buttonsOf = (element: HTMLElement) => within(element).getAllByRole('button').map((button) => button.textContent);

async function groupCard(name = 'Morning scalps'): Promise<HTMLElement> {
  return screen.findByRole('article', { name }, FIRST_RENDER);
}

describe('order manager (/ordermanager)', () => {
  afterEach(resetWebTestState);

  it("shows each group's settings, total P&L and positions with exactly the actions each allows", async () => {
    // Prepare
    serveOrderManagerApi([GROUP]);
    // Act
    renderApp('/ordermanager');
    // Assess
    const card = await groupCard();
    expect(within(card).getByText('Target ₹2.0K · Stop-loss ₹1.0K · Window 09:20:00 – 15:10:00 IST')).toBeTruthy();
    expect(within(card).getByTestId('group-total-pnl').textContent).toContain('₹87.50');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['WAITING', 'OPEN']);
    expect(cellsOf(rows[1] as HTMLElement).slice(0, 10)).toEqual(['SBINNSE · INTRADAY', 'SELL', '10', 'DIRECT · MARKET', 'OPEN', '810.00', '801.25', '—', '815.00', '₹87.50']);
    expect(buttonsOf(rows[0] as HTMLElement)).toEqual(['Enter', 'Cancel', 'Edit', 'Delete']);
    expect(buttonsOf(rows[1] as HTMLElement)).toEqual(['Exit', 'Mark as exited', 'Edit']);
    expect(within(card).getByRole('button', { name: 'Execute all' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancel all' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Exit all' })).toBeTruthy();
  });

  it('offers no all-action a group cannot take', async () => {
    // Prepare
    serveOrderManagerApi([orderGroupFixture({ position_data: [omPositionFixture({ op_status: 'EXITED', allowed_actions: ['delete'] })] })]);
    // Act
    renderApp('/ordermanager');
    // Assess
    const card = await groupCard();
    expect(within(card).queryByRole('button', { name: /all$/ })).toBeNull();
    expect(buttonsOf(within(card).getAllByRole('row')[1] as HTMLElement)).toEqual(['Delete']);
  });

  it('adds an order group with its target and window, refusing a window that ends before it starts', async () => {
    // Prepare
    const { requests } = serveOrderManagerApi([]);
    renderApp('/ordermanager');
    fireEvent.click(await screen.findByRole('button', { name: 'Add order group' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Add order group' });
    fireEvent.change(within(dialog).getByLabelText('Order group name'), { target: { value: 'Expiry day' } });
    fireEvent.change(within(dialog).getByLabelText('Group target (₹)'), { target: { value: '1500' } });
    fireEvent.change(within(dialog).getByLabelText('Trading window start'), { target: { value: '14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Trading window end'), { target: { value: '09:30:00' } });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add order group' }));
    // Assess
    expect(await within(dialog).findByText('The start time must be before the end time.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Trading window end'), { target: { value: '15:00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add order group' }));
    // Assess
    expect(await groupCard('Expiry day')).toBeTruthy();
    expect(await bodiesTo(requests, '/ordermanager/addordergroup')).toEqual([
      { og_name: 'Expiry day', og_place_order: true, group_tgt: 1500, group_sl: null, start_time: '14:00:00', end_time: '15:00:00' },
    ]);
  });

  it('edits a group, sending every setting with its id', async () => {
    // Prepare
    const { requests } = serveOrderManagerApi([GROUP]);
    renderApp('/ordermanager');
    fireEvent.click(within(await groupCard()).getByRole('button', { name: 'Edit Morning scalps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Morning scalps' });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Group stop-loss (₹)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Place orders' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    expect(await within(await groupCard()).findByText(/Stop-loss off/)).toBeTruthy();
    expect(await bodiesTo(requests, '/ordermanager/editordergroup')).toEqual([
      { og_id: OG_ID, og_name: 'Morning scalps', og_place_order: false, group_tgt: 2000, group_sl: null, start_time: '09:20:00', end_time: '15:10:00' },
    ]);
  });

  it("keeps a group the server refuses to delete and shows the server's reason", async () => {
    // Prepare
    serveOrderManagerApi([GROUP], { 'POST /api/v4/ordermanager/deleteordergroup': () => jsonResponse(errorBody(ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE, 'BUSINESS_RULE'), 422) });
    renderApp('/ordermanager');
    fireEvent.click(within(await groupCard()).getByRole('button', { name: 'Delete Morning scalps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Morning scalps?' });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete order group' }));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE);
    expect(screen.getByRole('article', { name: 'Morning scalps' })).toBeTruthy();
  });

  it('enters a WAITING position once confirmed and shows it OPEN with the outcome', async () => {
    // Prepare
    const { requests } = serveOrderManagerApi([orderGroupFixture({ position_data: [WAITING] })]);
    renderApp('/ordermanager');
    const card = await groupCard();
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Enter SBIN' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Enter SBIN?' })).getByRole('button', { name: 'Enter' }));
    // Assess
    const report = await within(card).findByRole('status', { name: 'Enter SBIN' });
    expect(within(report).getByRole('listitem').getAttribute('data-outcome')).toBe('done');
    expect(report.textContent).toContain('SBIN: Done (now OPEN)');
    await waitFor(() => expect(within(card).getAllByRole('row')[1]?.getAttribute('data-status')).toBe('OPEN'));
    expect(await bodiesTo(requests, '/ordermanager/enterposition')).toEqual([{ og_id: OG_ID, op_id: OP_ID }]);
  });

  it('shows a refused action with its reason and leaves the position as it was', async () => {
    // Prepare
    const reason = 'Placing orders is turned off for this order group. Turn it on to enter positions.';
    serveOrderManagerApi([orderGroupFixture({ position_data: [WAITING] })], {
      'POST /api/v4/ordermanager/enterposition': () => jsonResponse(successBody(outcomeFixture(WAITING, { outcome: 'refused', reason }))),
    });
    renderApp('/ordermanager');
    const card = await groupCard();
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Enter SBIN' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enter' }));
    // Assess
    const report = await within(card).findByRole('status', { name: 'Enter SBIN' });
    expect(report.textContent).toContain(`SBIN: Refused — ${reason} (now WAITING)`);
    expect(within(card).getAllByRole('row')[1]?.getAttribute('data-status')).toBe('WAITING');
  });

  it('exits all OPEN positions and lists each outcome', async () => {
    // Prepare
    serveOrderManagerApi([GROUP]);
    renderApp('/ordermanager');
    const card = await groupCard();
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Exit all' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Exit all in Morning scalps?' })).getByRole('button', { name: 'Exit all' }));
    // Assess
    const report = await within(card).findByRole('status', { name: 'Exit all in Morning scalps' });
    expect(within(report).getAllByRole('listitem').map((item) => item.getAttribute('data-outcome'))).toEqual(['done']);
  });

  it('adds a position: script from the search, quantity, an LTP entry checked for its price first', async () => {
    // Prepare
    const { requests } = serveOrderManagerApi([orderGroupFixture()]);
    renderApp('/ordermanager');
    fireEvent.click(within(await groupCard()).getByRole('button', { name: 'Add position' }));
    const picker = await screen.findByRole('dialog', { name: 'Add position: choose a script' });
    fireEvent.change(await within(picker).findByLabelText('Symbol'), { target: { value: 'SBI' } });
    fireEvent.click(await within(picker).findByRole('button', { name: 'Trade SBIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add position: SBIN' });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Entry'), { target: { value: 'LTP' } });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add position' }));
    // Assess
    expect(await within(dialog).findByText('A LTP entry needs an entry price.')).toBeTruthy();
    expect(await bodiesTo(requests, '/ordermanager/addposition')).toEqual([]);
    // Act
    fireEvent.change(within(dialog).getByLabelText('Entry price'), { target: { value: '805' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add position' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesTo(requests, '/ordermanager/addposition')).toEqual([
      expect.objectContaining({ og_id: OG_ID, broker_id: TRADING_ACCOUNT.broker_id, script_id: 'NSE:SBIN', quantity: 5, order_type: 'MARKET', entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: 805, candle_timeframe: null, is_tgt: false }),
    ]);
    expect(within(await groupCard()).getAllByRole('row')).toHaveLength(2);
  });

  it('edits an OPEN position: only its exit levels can change and only they are sent', async () => {
    // Prepare
    const { requests } = serveOrderManagerApi([GROUP], {
      'POST /api/v4/ordermanager/editposition': () => jsonResponse(successBody(omPositionFixture({ ...OPEN_POSITION, is_tgt: true, tgt_type: 'POINT', tgt_value: 12 }))),
    });
    renderApp('/ordermanager');
    const card = await groupCard();
    fireEvent.click(within(within(card).getAllByRole('row')[2] as HTMLElement).getByRole('button', { name: 'Edit SBIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SBIN' });
    expect(await within(dialog).findByLabelText('Quantity')).toHaveProperty('disabled', true);
    // Act
    fireEvent.click(within(dialog).getByLabelText('Set a target'));
    fireEvent.change(within(dialog).getByLabelText('Target value'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save position' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesTo(requests, '/ordermanager/editposition')).toEqual([
      {
        og_id: OG_ID, op_id: OTHER_OP_ID, is_tgt: true, tgt_type: 'POINT', tgt_value: 12, is_sl: true, sl_type: 'POINT', sl_value: 5,
        is_trail_set: false, trail_type: null, trail_trigger: null, trail_gap: null, trail_point: null,
      },
    ]);
  });
});
