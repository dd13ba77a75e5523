import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_TOGGLE_EVENT, featureToggleStorageKey } from '../../shared/domain/feature-toggles';
import { STRATEGY, servePanelGroupsApi } from './group-strategy-fixtures';
import { GROUP_ID, NEW_GROUP_ID, OTHER_GROUP_ID, groupFixture, serveGroupsApi } from './groups-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };

const FOLLOWED = groupFixture({ ...STRATEGY, strategy_subscriptions_count: 12, sub_user_count: 4, group_broker_count: 5 });
const DRAFT = groupFixture({ grp_id: OTHER_GROUP_ID, grp_name: 'Bank swing', is_strategy: false, visibility: 'PUBLIC', trading_enabled: false, group_broker_count: 0, total_orders: 0 });

const figuresOf = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('group strategy list (/group/strategy)', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('shows each strategy as a card with visibility, offer, subscribers and links that stay under /group/strategy', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [FOLLOWED, DRAFT] });
    // Act
    renderApp('/group/strategy');
    // Assess
    const card = await screen.findByRole('article', { name: 'Nifty momentum' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { level: 2, name: 'Group Strategy' })).toBeTruthy();
    expect(within(card).getByText('PRIVATE')).toBeTruthy();
    expect(within(card).getByText('Offered')).toBeTruthy();
    expect(figuresOf(card)).toEqual({ Subscribers: '4', 'Subscriptions taken': '12', Accounts: '5', Orders: '6' });
    expect(within(card).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', true);
    expect(within(card).getByRole('link', { name: 'Nifty momentum' }).getAttribute('href')).toBe(`/group/strategy/${GROUP_ID}`);
    expect(within(card).getByRole('link', { name: 'Manage Nifty momentum' }).getAttribute('href')).toBe(`/group/strategy/manage/${GROUP_ID}`);
    const draft = screen.getByRole('article', { name: 'Bank swing' });
    expect(within(draft).getByText('PUBLIC')).toBeTruthy();
    expect(within(draft).getByText('Not offered')).toBeTruthy();
    expect(within(draft).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', false);
  });

  it('shows the same strategies as a table when the view is switched', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [FOLLOWED, DRAFT] });
    renderApp('/group/strategy');
    await screen.findByRole('article', { name: 'Nifty momentum' }, FIRST_RENDER);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    // Assess
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Strategy', 'Visibility', 'Trading', 'Master', 'Subscribers', 'Subscriptions taken', 'Accounts', 'Orders', 'Actions',
    ]);
    const row = within(table).getByRole('row', { name: 'Nifty momentum' });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(4, 8)).toEqual(['4', '12', '5', '6']);
    expect(cells[1]).toBe('PRIVATEOffered');
    expect(within(row).getByRole('link', { name: 'Nifty momentum' }).getAttribute('href')).toBe(`/group/strategy/${GROUP_ID}`);
    expect(within(table).getByRole('row', { name: 'Bank swing' }).textContent).toContain('Not offered');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('adds a strategy in one dialog: the group first, then its offer, and shows it offered', async () => {
    // Prepare
    const { requests } = servePanelGroupsApi({ groups: [FOLLOWED] });
    renderApp('/group/strategy');
    await screen.findByRole('article', { name: 'Nifty momentum' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Add strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add strategy' });
    // Act: an empty name is refused before anything is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    // Assess
    expect(await within(dialog).findByText('Group name is required.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Strategy name'), { target: { value: ' Midcap momentum ' } });
    fireEvent.change(within(dialog).getByLabelText('Visibility'), { target: { value: 'PUBLIC' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: ' Positional midcaps. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    // Assess
    const added = await screen.findByRole('article', { name: 'Midcap momentum' });
    expect(within(added).getByText('Offered')).toBeTruthy();
    expect(within(added).getByText('PUBLIC')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await bodiesTo(requests, '/users/groups/addgroup')).toEqual([{ grp_name: 'Midcap momentum', trading_enabled: false, place_rejected: false }]);
    expect(await bodiesTo(requests, '/users/groups/updatestrategy')).toEqual([
      { group_id: NEW_GROUP_ID, is_strategy: true, visibility: 'PUBLIC', strategy_description: 'Positional midcaps.' },
    ]);
  });

  it('says plainly when the group was added but could not be offered', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [FOLLOWED] }, { 'POST /api/v4/users/groups/updatestrategy': () => jsonResponse(errorBody('Only a broker panel offers strategies.', 'FORBIDDEN'), 403) });
    renderApp('/group/strategy');
    await screen.findByRole('article', { name: 'Nifty momentum' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Add strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add strategy' });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Strategy name'), { target: { value: 'Midcap momentum' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    // Assess
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Midcap momentum was added, but it could not be offered yet: Only a broker panel offers strategies.');
    const added = await screen.findByRole('article', { name: 'Midcap momentum' });
    await waitFor(() => expect(within(added).getByText('Not offered')).toBeTruthy());
  });

  it('says how to start when there are no strategies', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [] });
    // Act
    renderApp('/group/strategy');
    // Assess
    expect(await screen.findByText(/^No strategies yet\. Add one, connect its master account/, {}, FIRST_RENDER)).toBeTruthy();
  });
});

describe('the Strategies item of the Group menu', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  const groupMenuLinks = () => within(screen.getByRole('complementary')).getAllByRole('link').filter((link) => link.closest('.sidebar__menu'));

  it('gives a user who is not a broker panel Strategies while the group-strategy feature is on', async () => {
    // Prepare
    serveGroupsApi();
    // Act
    renderApp('/group/pendingorders');
    // Assess
    const strategies = await within(screen.getByRole('complementary')).findByRole('link', { name: 'Strategies' }, FIRST_RENDER);
    expect(strategies.getAttribute('href')).toBe('/strategies');
    expect(groupMenuLinks().map((link) => link.textContent)).toEqual(['Group', 'Strategies', 'Pending Orders']);
    // Act
    act(() => {
      localStorage.setItem(featureToggleStorageKey('groupstrategy'), 'false');
      window.dispatchEvent(new Event(FEATURE_TOGGLE_EVENT));
    });
    // Assess
    await waitFor(() => expect(within(screen.getByRole('complementary')).queryByRole('link', { name: 'Strategies' })).toBeNull());
  });

  it('does not give it to a broker panel, whose menu holds its own strategies', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [STRATEGY] });
    // Act
    renderApp('/group/strategy');
    await screen.findByRole('article', { name: 'Nifty momentum' }, FIRST_RENDER);
    // Assess
    expect(groupMenuLinks().map((link) => link.textContent)).toEqual(['Group Strategy', 'Pending Orders']);
  });
});
