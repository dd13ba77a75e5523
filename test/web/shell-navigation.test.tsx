import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { FEATURE_TOGGLE_EVENT, featureToggleStorageKey, type FeatureToggle } from '../../shared/domain/feature-toggles';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const NO_ROLES = { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false };
const ORDINARY = profileFixture(NO_ROLES);
const BROKER_PANEL = profileFixture({ ...NO_ROLES, is_brokerpanel: true });
const WHITE_LABEL = profileFixture({ ...NO_ROLES, is_white_label: true });

function signInAs(profile: UserProfile): void {
  saveSession(validToken({ user_id: profile.user_id, frch_id: profile.frch_id }), profile);
  stubFetch({
    'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profile)),
    'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
  });
}

/** Switches a feature the way any code in the app does: the storage key, then the event. */
function switchFeature(feature: FeatureToggle, on: boolean): void {
  act(() => {
    localStorage.setItem(featureToggleStorageKey(feature), String(on));
    window.dispatchEvent(new Event(FEATURE_TOGGLE_EVENT));
  });
}

const sidebar = () => screen.getByRole('complementary');
const currentPath = () => screen.getByTestId('current-path').textContent;

/** The top-level sidebar entries (links and menu buttons) in screen order. */
function topLevelLabels(): string[] {
  return [...sidebar().querySelectorAll('.sidebar__list > li > .sidebar__link')].map((entry) => entry.textContent ?? '');
}

async function renderSignedIn(profile: UserProfile, path = '/demat'): Promise<void> {
  signInAs(profile);
  renderApp(path);
  await screen.findByRole('link', { name: 'Profile' });
  await waitFor(() => expect(screen.getByText('Asha Rao', { selector: '.profile-menu__name' })).toBeTruthy());
}

describe('sidebar order and gating (spec §2)', () => {
  afterEach(resetWebTestState);

  it.each([
    [
      'an ordinary user',
      ORDINARY,
      ['Dashboard', 'Demat', 'Watch List', 'Group', 'Bridge', 'Order Manager', 'Order History', 'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile'],
    ],
    [
      'a broker-panel user',
      BROKER_PANEL,
      ['Dashboard', 'Demat', 'User', 'Watch List', 'Group Startegy', 'Bridge', 'Order Manager', 'Order History', 'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile', 'Transaction', 'Configs'],
    ],
    [
      'a white-label user',
      WHITE_LABEL,
      ['Dashboard', 'Demat', 'Link User', 'Watch List', 'Group', 'Bridge', 'Order Manager', 'Order History', 'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile', 'Configs'],
    ],
    [
      'a static-IP user who can add sub-users',
      profileFixture({ ...NO_ROLES, is_ip_enable: true, can_add_subuser: true }),
      ['Dashboard', 'Demat', 'Static Ip', 'Link User', 'Watch List', 'Group', 'Bridge', 'Order Manager', 'Order History', 'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile'],
    ],
  ])('shows %s the entries in spec order', async (_who, profile, expected) => {
    // Act
    await renderSignedIn(profile);
    // Assess
    await waitFor(() => expect(topLevelLabels()).toEqual(expected));
    expect(within(sidebar()).getByRole('heading').textContent).toContain('v4.5.46');
  });

  it('gives the broker panel the Group Strategy item and everyone else the Group item', async () => {
    // Act
    await renderSignedIn(BROKER_PANEL, '/group/pendingorders');
    // Assess
    const nav = within(sidebar());
    expect(nav.getByRole('button', { name: 'Group Startegy' }).getAttribute('aria-expanded')).toBe('true');
    expect(nav.getByRole('link', { name: 'Group Strategy' }).getAttribute('href')).toBe('/group/strategy');
    expect(nav.getByRole('link', { name: 'Pending Orders' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Group' })).toBeNull();
  });

  it('lists the bridge items in order', async () => {
    // Act
    await renderSignedIn(ORDINARY, '/bridge/signal');
    // Assess
    const items = within(sidebar()).getAllByRole('link').map((link) => link.textContent);
    expect(items.slice(items.indexOf('Json Bridge'), items.indexOf('Json Bridge') + 4)).toEqual([
      'Json Bridge',
      'Custom Bridge',
      'Signal',
      'Position',
    ]);
  });
});

describe('sidebar submenus', () => {
  afterEach(resetWebTestState);

  it('opens the submenu when the current path is under it, and keeps the others closed', async () => {
    // Act
    await renderSignedIn(ORDINARY, '/group/group/7');
    // Assess
    const nav = within(sidebar());
    expect(nav.getByRole('button', { name: 'Group' }).getAttribute('aria-expanded')).toBe('true');
    expect(nav.getByRole('link', { name: 'Group' }).className).toContain('active');
    expect(nav.getByRole('button', { name: 'Bridge' }).getAttribute('aria-expanded')).toBe('false');
    expect(nav.queryByRole('link', { name: 'Json Bridge' })).toBeNull();
  });

  it('opens the Group menu at /strategies too, where its Strategies item leads', async () => {
    // Act
    await renderSignedIn(ORDINARY, '/strategies');
    // Assess
    const nav = within(sidebar());
    const groupMenu = nav.getByRole('button', { name: 'Group' });
    expect(groupMenu.getAttribute('aria-expanded')).toBe('true');
    expect(groupMenu.closest('li')?.getAttribute('data-active')).toBe('true');
    expect(nav.getByRole('link', { name: 'Strategies' }).className).toContain('active');
    expect(nav.getByRole('button', { name: 'Bridge' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the group page on the first click, then folds and unfolds', async () => {
    // Prepare
    await renderSignedIn(ORDINARY);
    const groupMenu = within(sidebar()).getByRole('button', { name: 'Group' });
    // Act
    fireEvent.click(groupMenu);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/group/group'));
    expect(groupMenu.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Group', level: 2 })).toBeTruthy();

    // Act
    fireEvent.click(groupMenu);
    // Assess
    expect(groupMenu.getAttribute('aria-expanded')).toBe('false');
    expect(currentPath()).toBe('/group/group');

    // Act
    fireEvent.click(groupMenu);
    // Assess
    expect(groupMenu.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the JSON bridge on the first click, or the custom bridge when JSON bridge is off', async () => {
    // Prepare
    await renderSignedIn(ORDINARY);
    const bridgeMenu = within(sidebar()).getByRole('button', { name: 'Bridge' });
    // Act
    fireEvent.click(bridgeMenu);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/bridge/jsonbridge'));

    // Prepare
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    switchFeature('jsonbridge', false);
    // Act
    fireEvent.click(bridgeMenu);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/bridge/custombridge'));
    expect(within(sidebar()).queryByRole('link', { name: 'Json Bridge' })).toBeNull();
  });

  it('opens the broker panel group menu at Group Strategy', async () => {
    // Prepare
    await renderSignedIn(BROKER_PANEL);
    // Act
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Group Startegy' }));
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/group/strategy'));
  });
});

describe('feature toggles', () => {
  afterEach(resetWebTestState);

  it('removes the item and the route when a toggle goes off, and brings both back when it goes on', async () => {
    // Prepare
    await renderSignedIn(ORDINARY, '/watchlist');
    expect(await screen.findByRole('heading', { name: 'Watch List' })).toBeTruthy();
    // Act
    switchFeature('watchlist', false);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(within(sidebar()).queryByRole('link', { name: 'Watch List' })).toBeNull();

    // Act
    switchFeature('watchlist', true);
    fireEvent.click(await within(sidebar()).findByRole('link', { name: 'Watch List' }));
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/watchlist'));
    expect(await screen.findByRole('heading', { name: 'Watch List' })).toBeTruthy();
  });

  it('hides a whole menu when every item in it is off', async () => {
    // Prepare
    await renderSignedIn(ORDINARY);
    // Act
    switchFeature('group', false);
    switchFeature('groupstrategy', false);
    // Assess
    await waitFor(() => expect(within(sidebar()).queryByRole('button', { name: 'Group' })).toBeNull());
    expect(topLevelLabels()).not.toContain('Group');
  });

  it('follows a change made in another tab (the storage event)', async () => {
    // Prepare
    await renderSignedIn(ORDINARY);
    // Act
    act(() => {
      localStorage.setItem(featureToggleStorageKey('ordermanager'), 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: featureToggleStorageKey('ordermanager') }));
    });
    // Assess
    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Order Manager' })).toBeNull());
  });

  it('switches a feature from the Features dialog of the profile menu', async () => {
    // Prepare
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    await renderSignedIn(ORDINARY);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Profile menu' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Features' }));
    const dialog = await screen.findByRole('dialog', { name: 'Features' });
    // Act
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Order manager' }));
    // Assess
    expect(localStorage.getItem(featureToggleStorageKey('ordermanager'))).toBe('false');
    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Order Manager' })).toBeNull());
    expect(within(dialog).getByRole('switch', { name: 'Order manager' })).toHaveProperty('checked', false);

    // Act
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Order manager' }));
    // Assess
    expect(await within(sidebar()).findByRole('link', { name: 'Order Manager' })).toBeTruthy();
  });
});

/** Radix menus measure their trigger; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
