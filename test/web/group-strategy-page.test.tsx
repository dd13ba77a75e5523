import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STRATEGY, SUBSCRIBER_ACCOUNT_ID, servePanelGroupsApi } from './group-strategy-fixtures';
import { ACCOUNT_A, ACCOUNT_B, childFixture, GROUP_ID, GROUP_ORDER_ID, ISSUE_CHILDREN, PENDING_ORDERS, serveGroupsApi } from './groups-fixtures';
import { accountFixture } from './demat-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const STRATEGY_PATH = `/group/strategy/${GROUP_ID}`;
const currentPath = () => screen.getByTestId('current-path').textContent;

/** A subscriber's account: another user's, so it is not among the owner's accounts; the backend adds it as a child. */
const SUBSCRIBER_ACCOUNT = accountFixture({ broker_id: SUBSCRIBER_ACCOUNT_ID, broker_combined_name: 'Paper Trading (SUBSCR)' });
const SUBSCRIBER_CHILD = childFixture(SUBSCRIBER_ACCOUNT, 2, 3);
const CHILDREN = { [GROUP_ID]: [...ISSUE_CHILDREN, SUBSCRIBER_CHILD] };

describe('a group strategy page (/group/strategy/{group_id})', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('shows the group page with every link kept under /group/strategy, subscriber accounts among its rows', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [STRATEGY], children: CHILDREN, accounts: [ACCOUNT_A, ACCOUNT_B] });
    // Act
    renderApp(STRATEGY_PATH);
    // Assess
    await screen.findByRole('heading', { level: 3, name: 'Nifty momentum' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { level: 2, name: 'Group Strategy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to strategies' }).getAttribute('href')).toBe('/group/strategy');
    expect(screen.getByRole('link', { name: 'Positions' }).getAttribute('href')).toBe(`${STRATEGY_PATH}/positions`);
    const subscriber = await screen.findByRole('row', { name: 'Paper Trading (SUBSCR)' });
    expect(within(subscriber).getByRole('link', { name: 'Paper Trading (SUBSCR)' }).getAttribute('href')).toBe(`${STRATEGY_PATH}/broker/${SUBSCRIBER_ACCOUNT_ID}`);
    const own = screen.getByRole('row', { name: ACCOUNT_A.broker_combined_name });
    expect(within(own).getByRole('link', { name: ACCOUNT_A.broker_combined_name }).getAttribute('href')).toBe(`${STRATEGY_PATH}/broker/${ACCOUNT_A.broker_id}`);
    // The strategy's settings and its Manage link sit on the page too
    expect(await screen.findByRole('form', { name: 'Group strategy settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage plans, records and permissions' }).getAttribute('href')).toBe(`/group/strategy/manage/${GROUP_ID}`);
    expect(screen.getByRole('button', { name: 'Place group order' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Back to groups/ })).toBeNull();
  });

  it("opens a subscriber's account within the strategy and leads back to the strategy", async () => {
    // Prepare
    servePanelGroupsApi({ groups: [STRATEGY], children: CHILDREN, accounts: [ACCOUNT_A, ACCOUNT_B] });
    renderApp(STRATEGY_PATH);
    const subscriber = await screen.findByRole('row', { name: 'Paper Trading (SUBSCR)' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(subscriber).getByRole('link', { name: 'Paper Trading (SUBSCR)' }));
    // Assess
    await waitFor(() => expect(currentPath()).toBe(`${STRATEGY_PATH}/broker/${SUBSCRIBER_ACCOUNT_ID}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Group strategy account' }, FIRST_RENDER)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Paper Trading (SUBSCR)' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: '← Back to Nifty momentum' })).getAttribute('href')).toBe(STRATEGY_PATH);
  });

  it('leads from the positions page back to the strategy', async () => {
    // Prepare
    servePanelGroupsApi({ groups: [STRATEGY], children: CHILDREN });
    // Act
    renderApp(`${STRATEGY_PATH}/positions`);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Group positions' }, FIRST_RENDER)).toBeTruthy();
    expect((await screen.findByRole('link', { name: '← Back to Nifty momentum' })).getAttribute('href')).toBe(STRATEGY_PATH);
  });

  it("links a broker panel's pending group order to its strategy page, and anyone else's to the group page", async () => {
    // Prepare
    servePanelGroupsApi({ groups: [STRATEGY], pending: PENDING_ORDERS, history: PENDING_ORDERS });
    // Act
    renderApp(`/group/pendingorders/${GROUP_ORDER_ID}`);
    // Assess
    expect((await screen.findByRole('link', { name: 'Nifty momentum' }, FIRST_RENDER)).getAttribute('href')).toBe(STRATEGY_PATH);

    // Prepare
    resetWebTestState();
    serveGroupsApi({ pending: PENDING_ORDERS, history: PENDING_ORDERS });
    // Act
    renderApp(`/group/pendingorders/${GROUP_ORDER_ID}`);
    // Assess
    expect((await screen.findByRole('link', { name: 'Nifty options' }, FIRST_RENDER)).getAttribute('href')).toBe(`/group/group/${GROUP_ID}`);
  });

  it('keeps a user who is not a broker panel out of the strategy pages', async () => {
    // Prepare
    serveGroupsApi();
    // Act
    renderApp(STRATEGY_PATH);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/dashboard'), FIRST_RENDER);
  });
});
