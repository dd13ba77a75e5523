import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_HAS_PENDING_ORDERS_MESSAGE } from '../../shared/contracts/groups';
import { ACCOUNT_A, groupFixture, GROUP_ID, OTHER_GROUP_ID, serveGroupsApi } from './groups-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };

const WITH_MASTER = groupFixture({
  master: { broker_id: ACCOUNT_A.broker_id, broker: 'paper', broker_combined_name: 'Paper Trading (000PAP1)', status: 'connected', connected_at: '2026-03-02T05:00:00.000Z' },
});
const IDLE = groupFixture({ grp_id: OTHER_GROUP_ID, grp_name: 'Bank swing', trading_enabled: false, group_broker_count: 0, total_orders: 0, total_quantity: 0, completed_quantity: 0, rejected_quantity: 0, pending_quantity: 0 });

const figuresOf = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('group list (/group/group)', () => {
  afterEach(resetWebTestState);

  it('shows each group as a card with its trading switch, master and counters, linking to its page', async () => {
    // Prepare
    serveGroupsApi({ groups: [WITH_MASTER, IDLE] });
    // Act
    renderApp('/group/group');
    // Assess
    const card = await screen.findByRole('article', { name: 'Nifty options' }, FIRST_RENDER);
    expect(within(card).getByRole('link', { name: 'Nifty options' }).getAttribute('href')).toBe(`/group/group/${GROUP_ID}`);
    expect(within(card).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', true);
    expect(within(card).getByText('Paper Trading (000PAP1)')).toBeTruthy();
    expect(figuresOf(card)).toEqual({
      Accounts: '3',
      Orders: '6',
      'Total qty': '1.1K',
      'Completed qty': '900',
      'Pending qty': '75',
      'Rejected qty': '75',
      'Failed qty': '0',
      'Cancelled qty': '0',
    });
    const idle = screen.getByRole('article', { name: 'Bank swing' });
    expect(within(idle).getByText('No master')).toBeTruthy();
    expect(within(idle).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', false);
  });

  it('shows the same groups as a table when the view is switched', async () => {
    // Prepare
    serveGroupsApi({ groups: [WITH_MASTER, IDLE] });
    renderApp('/group/group');
    await screen.findByRole('article', { name: 'Nifty options' }, FIRST_RENDER);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    // Assess
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Group', 'Trading', 'Master', 'Accounts', 'Orders', 'Total qty', 'Completed qty', 'Pending qty', 'Rejected qty', 'Failed qty', 'Cancelled qty', 'Actions',
    ]);
    const row = within(table).getByRole('row', { name: 'Bank swing' });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)[3]).toBe('0');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('turns a group\'s trading on from its card', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ groups: [IDLE] });
    renderApp('/group/group');
    const card = await screen.findByRole('article', { name: 'Bank swing' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('switch', { name: 'Trading' }));
    // Assess
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', true));
    expect(await bodiesTo(requests, '/users/groups/updategrouptradingflag')).toEqual([{ group_id: OTHER_GROUP_ID, trading_enabled: true }]);
  });

  it('adds a group by name, refusing an empty one, and shows it in the list', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ groups: [WITH_MASTER] });
    renderApp('/group/group');
    await screen.findByRole('article', { name: 'Nifty options' }, FIRST_RENDER);
    const form = screen.getByRole('form', { name: 'Add group' });
    // Act
    fireEvent.change(within(form).getByLabelText('New group name'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add group' }));
    // Assess
    expect(await within(form).findByText('Group name is required.')).toBeTruthy();
    // Act
    fireEvent.change(within(form).getByLabelText('New group name'), { target: { value: '  Midcap momentum ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add group' }));
    // Assess
    const added = await screen.findByRole('article', { name: 'Midcap momentum' });
    expect(within(added).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', false);
    expect(await bodiesTo(requests, '/users/groups/addgroup')).toEqual([{ grp_name: 'Midcap momentum', trading_enabled: false, place_rejected: false }]);
    expect(within(form).getByLabelText('New group name')).toHaveProperty('value', '');
  });

  it('renames a group through its dialog', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ groups: [WITH_MASTER] });
    renderApp('/group/group');
    const card = await screen.findByRole('article', { name: 'Nifty options' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Rename Nifty options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Nifty options' });
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Nifty weekly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // Assess
    expect(await screen.findByRole('article', { name: 'Nifty weekly' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await bodiesTo(requests, '/users/groups/updategroupname')).toEqual([{ group_id: GROUP_ID, grp_name: 'Nifty weekly' }]);
  });

  it("keeps a group the server refuses to delete and shows the server's reason", async () => {
    // Prepare
    serveGroupsApi({ groups: [WITH_MASTER] }, { 'POST /api/v4/users/groups/deletegroup': () => jsonResponse(errorBody(GROUP_HAS_PENDING_ORDERS_MESSAGE, 'BUSINESS_RULE'), 422) });
    renderApp('/group/group');
    const card = await screen.findByRole('article', { name: 'Nifty options' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Nifty options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Nifty options?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', GROUP_HAS_PENDING_ORDERS_MESSAGE);
    expect(screen.getByRole('article', { name: 'Nifty options' })).toBeTruthy();
  });

  it('deletes a group once confirmed', async () => {
    // Prepare
    serveGroupsApi({ groups: [WITH_MASTER, IDLE] });
    renderApp('/group/group');
    const card = await screen.findByRole('article', { name: 'Bank swing' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Bank swing' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete group' }));
    // Assess
    expect(await toastSaying('Group Bank swing deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bank swing' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Nifty options' })).toBeTruthy();
  });

  it('says how to start when there are no groups', async () => {
    // Prepare
    serveGroupsApi({ groups: [] });
    // Act
    renderApp('/group/group');
    // Assess
    expect(await screen.findByText(/^No groups yet\. Add one above/, {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
