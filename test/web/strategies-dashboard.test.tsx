import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { featureToggleStorageKey } from '../../shared/domain/feature-toggles';
import { saveSession } from '../../web/src/lib/auth-storage';
import { TRADER, serveStrategies, strategyFixture } from './strategies-fixtures';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

/** The dashboard's own reads, answered just enough for the page to settle (its figures are another test's subject). */
const DASHBOARD_ANSWERS = {
  'GET /api/v4/users/dashboard': () => jsonResponse(errorBody('Figures are not part of this test.', 'INTERNAL'), 500),
  'GET /api/v4/users/getautomationstatus': () => jsonResponse(errorBody('Automation is not part of this test.', 'INTERNAL'), 500),
  'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
};

describe('the dashboard leads to Strategies', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('shows a user who is not a broker panel a card linking to /strategies, which lists the strategies', async () => {
    // Prepare
    serveStrategies([strategyFixture()], DASHBOARD_ANSWERS);
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Strategies' }, { timeout: 5_000 });
    // Act
    fireEvent.click(within(card).getByRole('link', { name: 'See the strategies' }));
    // Assess
    expect(await screen.findByRole('article', { name: 'Nifty momentum' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/strategies');
  });

  it('shows no such card to a broker panel (it runs its own strategies)', async () => {
    // Prepare
    const panel = profileFixture({ is_brokerpanel: true, is_white_label: false });
    serveStrategies([], { ...DASHBOARD_ANSWERS, 'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(panel)) });
    saveSession(validToken({ user_id: TRADER.user_id, frch_id: TRADER.frch_id }), panel);
    // Act
    renderApp('/dashboard');
    // Assess
    // The franchise-wide automation card shows once the profile says "broker panel": the moment the card would too.
    await screen.findByRole('heading', { level: 3, name: 'Automation for every user' }, { timeout: 5_000 });
    expect(screen.queryByRole('region', { name: 'Strategies' })).toBeNull();
  });

  it('shows no such card when the user turned the group-strategy feature off (the /strategies route is off too)', async () => {
    // Prepare
    localStorage.setItem(featureToggleStorageKey('groupstrategy'), 'false');
    serveStrategies([strategyFixture()], DASHBOARD_ANSWERS);
    // Act
    renderApp('/dashboard');
    // Assess
    // The profile menu shows the name once the profile is read: the moment the card would show too.
    await screen.findByText('Asha Rao', { selector: '.profile-menu__name' }, { timeout: 5_000 });
    expect(screen.queryByRole('region', { name: 'Strategies' })).toBeNull();
  });
});
