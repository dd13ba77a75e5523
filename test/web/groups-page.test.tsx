import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_BROKER_TRADING_OFF_MESSAGE } from '../../shared/contracts/groups';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  ACCOUNT_FREE,
  ALL_ACCOUNTS,
  childFixture,
  groupFixture,
  GROUP_ID,
  ISSUE_CHILDREN,
  PENDING_ORDERS,
  serveGroupsApi,
} from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';
import { NIFTY_CALL } from './watchlist-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const GROUP_PATH = `/group/group/${GROUP_ID}`;
const PLACE = '/users/broker/group/placeorder';

async function openGroupPage(): Promise<void> {
  renderApp(GROUP_PATH);
  await screen.findByRole('heading', { level: 3, name: 'Nifty options' }, FIRST_RENDER);
  await screen.findByRole('row', { name: ACCOUNT_A.broker_combined_name });
}

/** Opens the group ticket, finds the NIFTY call in its script picker, and waits for the form. */
async function openTicketForNiftyCall(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Place group order' }));
  const picker = await screen.findByRole('dialog', { name: 'Group order: choose a script' });
  fireEvent.change(within(picker).getByLabelText('Script type'), { target: { value: 'CE' } });
  fireEvent.change(within(picker).getByLabelText('Symbol'), { target: { value: 'NIFTY' } });
  fireEvent.click(await within(picker).findByRole('button', { name: `Trade ${NIFTY_CALL.display_name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Group order: ${NIFTY_CALL.display_name}` });
  await within(dialog).findByRole('form', { name: 'Group order ticket' });
  return dialog;
}

/** What the preview says each account gets, by row: [account, multiplier, gets]. */
const previewOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: /Each account gets/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('group page (/group/group/{group_id})', () => {
  afterEach(resetWebTestState);

  it('previews per-account quantities in whole lots at 1×, 2× and 0.5×, marking the account that gets nothing', async () => {
    // Prepare
    serveGroupsApi();
    await openGroupPage();
    const dialog = await openTicketForNiftyCall();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '1' } });
    // Assess: 1 lot of 75 → 1, 2 and 0.5 lots; half a lot rounds down to none, with the reason
    expect(previewOf(dialog)).toEqual([
      ['Paper Trading (000PAP1)', '1×', '75 (1 lot)'],
      ['Paper Trading (000PAP2)', '2×', '150 (2 lots)'],
      ['Paper Trading (000PAP3)', '0.5×', 'NothingBelow one lot at 0.5× (1 lot × 0.5 = 0.5 lot).'],
    ]);
    // Act
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '2' } });
    // Assess
    expect(within(dialog).getByText('2 lots × 75 = 150 units')).toBeTruthy();
    expect(previewOf(dialog)).toEqual([
      ['Paper Trading (000PAP1)', '1×', '150 (2 lots)'],
      ['Paper Trading (000PAP2)', '2×', '300 (4 lots)'],
      ['Paper Trading (000PAP3)', '0.5×', '75 (1 lot)'],
    ]);
    // Act
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '3' } });
    // Assess: 1.5 lots round down to 1, and the preview says so
    expect(previewOf(dialog)[2]).toEqual(['Paper Trading (000PAP3)', '0.5×', '75 (1 lot)rounded down']);
  });

  it("says why an account is skipped: its trading off in the group, or not connected, or its own switch off", async () => {
    // Prepare
    const tradingOffAccount = { ...ACCOUNT_B, trading_enabled: false };
    const children = [
      childFixture(ACCOUNT_A, 1, 0, { trading_enabled: false }),
      childFixture(ACCOUNT_B, 1, 1),
      childFixture({ ...ACCOUNT_FREE, status: 'expired' }, 1, 2),
    ];
    serveGroupsApi({ children: { [GROUP_ID]: children }, accounts: [ACCOUNT_A, tradingOffAccount, ACCOUNT_FREE] });
    await openGroupPage();
    const dialog = await openTicketForNiftyCall();
    // Assess
    expect(previewOf(dialog).map((row) => row[2])).toEqual([
      `Nothing${GROUP_BROKER_TRADING_OFF_MESSAGE}`,
      "NothingThe account's own Trading switch is off (Demat page).",
      'NothingNot connected: reconnect it on the Demat page.',
    ]);
  });

  it("places a MARKET group order once, with the ticket's quantity in units, and shows each account's outcome", async () => {
    // Prepare
    const { requests } = serveGroupsApi();
    await openGroupPage();
    const dialog = await openTicketForNiftyCall();
    fireEvent.change(within(dialog).getByLabelText('Order type'), { target: { value: 'MARKET' } });
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '2' } });
    const place = within(dialog).getByRole('button', { name: 'Place buy order' });
    // Act
    fireEvent.click(place);
    fireEvent.click(place);
    // Assess
    const result = await within(dialog).findByTestId('group-order-result');
    expect(within(result).getByRole('status').textContent).toBe('Group order placed on 3 of 3 accounts.');
    const outcomes = within(result)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(outcomes).toEqual([
      ['Paper Trading (000PAP1)', '150 (2 lots)', 'Completed'],
      ['Paper Trading (000PAP2)', '300 (4 lots)', 'Completed'],
      ['Paper Trading (000PAP3)', '75 (1 lot)', 'Completed'],
    ]);
    const sent = await bodiesTo(requests, PLACE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ group_id: GROUP_ID, script_id: NIFTY_CALL.script_id, transaction_type: 'BUY', order_type: 'MARKET', product: 'INTRADAY', quantity: 150 });
    expect(sent[0]?.idempotency_key).toMatch(/^order-[0-9a-f]{32}$/);
    expect(sent[0]).not.toHaveProperty('price');
  });

  it("lists the group's recent orders with each account's part", async () => {
    // Prepare
    serveGroupsApi({ history: PENDING_ORDERS });
    // Act
    await openGroupPage();
    // Assess
    const section = screen.getByRole('region', { name: 'Recent group orders' });
    const block = await within(section).findByRole('rowgroup', { name: `Group order BUY ${NIFTY_CALL.trading_symbol} · LIMIT @ 150.50 · INTRADAY` });
    expect(within(block).getAllByTestId('child-quantity').map((cell) => cell.textContent)).toEqual(['150 (2 lots)', '300 (4 lots)', '75 (1 lot)']);
    expect(within(block).getByRole('row', { name: `Paper Trading (000PAP2) BUY 300 ${NIFTY_CALL.trading_symbol} Pending` })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'All orders of this group' }).getAttribute('href')).toBe(`/orderhistory/grouporder/broker/${GROUP_ID}`);
  });

  it("keeps Place group order off, saying why, while the group's trading is off", async () => {
    // Prepare
    serveGroupsApi({ groups: [groupFixture({ trading_enabled: false })] });
    // Act
    await openGroupPage();
    // Assess
    expect(screen.getByRole('button', { name: 'Place group order' })).toHaveProperty('disabled', true);
    expect(screen.getByText("Turn the group's Trading on to place group orders.")).toBeTruthy();
  });

  it("changes a child's multiplier and trading switch in the accounts table", async () => {
    // Prepare
    const { requests } = serveGroupsApi();
    await openGroupPage();
    const row = screen.getByRole('row', { name: ACCOUNT_B.broker_combined_name });
    // Act
    fireEvent.change(within(row).getByLabelText(`Multiplier of ${ACCOUNT_B.broker_combined_name}`), { target: { value: '0' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    // Assess: the contract's own rule speaks, nothing is sent
    expect(await within(row).findByText(/^The multiplier must be 0\.01–100/)).toBeTruthy();
    // Act
    fireEvent.change(within(row).getByLabelText(`Multiplier of ${ACCOUNT_B.broker_combined_name}`), { target: { value: '1.25' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    fireEvent.click(within(row).getByRole('switch', { name: `Trading for ${ACCOUNT_B.broker_combined_name}` }));
    // Assess
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(within(row).getByLabelText(`Multiplier of ${ACCOUNT_B.broker_combined_name}`)).toHaveProperty('value', '1.25');
    expect(await bodiesTo(requests, '/users/groups/updategroupbroker')).toEqual([{ group_id: GROUP_ID, grp_broker_id: ISSUE_CHILDREN[1]?.grp_broker_id, multiplier: 1.25 }]);
    await waitFor(async () =>
      expect(await bodiesTo(requests, '/users/groups/updatechildtradingflag')).toEqual([{ group_id: GROUP_ID, grp_broker_id: ISSUE_CHILDREN[1]?.grp_broker_id, trading_enabled: false }]),
    );
  });

  it('offers only connected accounts outside the group to add, and adds one with its multiplier', async () => {
    // Prepare
    const { requests } = serveGroupsApi();
    await openGroupPage();
    const form = screen.getByRole('form', { name: 'Add account to group' });
    // Assess: A, B, C are in the group; the expired account cannot join
    expect([...within(form).getByLabelText('Account to add').querySelectorAll('option')].map((option) => option.textContent)).toEqual([ACCOUNT_FREE.broker_combined_name]);
    // Act
    fireEvent.change(within(form).getByLabelText('Multiplier'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add account' }));
    // Assess
    expect(await screen.findByRole('row', { name: ACCOUNT_FREE.broker_combined_name })).toBeTruthy();
    expect(await bodiesTo(requests, '/users/groups/addgroupbroker')).toEqual([{ group_id: GROUP_ID, broker_id: ACCOUNT_FREE.broker_id, multiplier: 3, trading_enabled: true }]);
    expect(within(screen.getByRole('region', { name: 'Accounts in this group' })).getByText(/Every connected account is in the group already/)).toBeTruthy();
  });

  it('connects a master from the accounts that are not children, then disconnects it', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ accounts: ALL_ACCOUNTS });
    await openGroupPage();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Connect master' }));
    // Assess
    const disconnect = await screen.findByRole('button', { name: 'Disconnect master' });
    expect(await bodiesTo(requests, '/users/groups/connectmaster')).toEqual([{ group_id: GROUP_ID, broker_id: ACCOUNT_FREE.broker_id }]);
    // Act
    fireEvent.click(disconnect);
    // Assess
    expect(await screen.findByRole('button', { name: 'Connect master' })).toBeTruthy();
    expect(await bodiesTo(requests, '/users/groups/disconnectmaster')).toEqual([{ group_id: GROUP_ID }]);
  });
});
