import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../shared/contracts/user';
import { saveSession, TOKEN_STORAGE_KEY, USER_KEY_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';

function notification(id: string, notify_type: string, isRead = false): Notification {
  return { id, notify_type, notified_message: `${notify_type} message ${id}`, isRead, create_time: '2026-11-21T08:30:00.000Z' };
}

const FIVE_OF_EACH_KIND = [
  notification('n1', 'Broker Connected'),
  notification('n2', 'Broker Removed'),
  notification('n3', 'Group Expired', true),
  notification('n4', 'Bridge Expired', true),
  notification('n5', 'Wallet Credited', true),
];

function signIn(): void {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
}

function stubApi(notifications: (request: Request) => Response | Promise<Response>) {
  return stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: notifications });
}

const page = (items: Notification[], unread_count: number) =>
  jsonResponse(successBody({ items, total: items.length, unread_count }));

async function openDropdown(name: RegExp = /^Notifications/): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('region', { name: 'Latest notifications' });
}

describe('notifications dropdown', () => {
  afterEach(resetWebTestState);

  it("asks for the latest 5 and says 'No notifications available' when there are none", async () => {
    // Prepare
    signIn();
    const { requests } = stubApi(() => page([], 0));
    renderApp('/demat');
    // Act
    const panel = await openDropdown();
    // Assess
    expect(await within(panel).findByText('No notifications available')).toBeTruthy();
    const sent = requests.find((request) => request.url.endsWith('/users/getusernotifications'));
    expect(await sent?.json()).toEqual({ offset: 0, limit: 5 });
  });

  it('shows the latest five with an icon per type and a generic icon otherwise', async () => {
    // Prepare
    signIn();
    stubApi(() => page(FIVE_OF_EACH_KIND, 2));
    renderApp('/demat');
    // Act
    const panel = await openDropdown(/Notifications, 2 unread/);
    // Assess
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Broker Connected',
      'Broker Removed',
      'Group Expired',
      'Bridge Expired',
      'Wallet Credited',
    ]);
    const icons = items.map((item) => item.querySelector('[data-icon]'));
    expect(icons.map((icon) => icon?.getAttribute('data-icon'))).toEqual([
      'Broker Connected',
      'Broker Removed',
      'Group Expired',
      'Bridge Expired',
      'generic',
    ]);
    const drawings = icons.map((icon) => icon?.querySelector('path')?.getAttribute('d'));
    expect(new Set(drawings).size).toBe(5);
    expect(within(items[0] ?? panel).getByText('Broker Connected message n1')).toBeTruthy();
    expect(within(items[0] ?? panel).getByText('2026-11-21 14:00:00')).toBeTruthy();
  });

  it('marks the unread ones it shows as read when it opens', async () => {
    // Prepare
    signIn();
    let unread = 2;
    const { requests } = stubApi(async (request) => {
      const body: unknown = await request.clone().json();
      const marking = typeof body === 'object' && body !== null && 'mark_read_ids' in body;
      if (marking) unread = 0;
      return page(
        FIVE_OF_EACH_KIND.map((item) => ({ ...item, isRead: item.isRead || marking })),
        unread,
      );
    });
    renderApp('/demat');
    // Act
    await openDropdown(/Notifications, 2 unread/);
    // Assess
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    const markRequest = requests.filter((request) => request.url.endsWith('/users/getusernotifications'))[1];
    expect(await markRequest?.json()).toEqual({ offset: 0, limit: 5, mark_read_ids: ['n1', 'n2'] });
  });

  it('shows nothing about a failed fetch', async () => {
    // Prepare
    signIn();
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    // A screen that calls nothing else, so any error text could only come from the notifications.
    renderApp('/referral');
    // Act
    const panel = await openDropdown();
    // Assess
    await screen.findByRole('link', { name: /^Credit / });
    expect(within(panel).queryByRole('listitem')).toBeNull();
    expect(within(panel).queryByText('No notifications available')).toBeNull();
    expect(screen.queryByText('Api request error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to all notifications and closes on the way', async () => {
    // Prepare
    signIn();
    stubApi(() => page([], 0));
    renderApp('/demat');
    const panel = await openDropdown();
    // Act
    fireEvent.click(within(panel).getByRole('link', { name: 'View all notifications' }));
    // Assess
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/notification'));
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull();
  });

  it('closes on Escape', async () => {
    // Prepare
    signIn();
    stubApi(() => page([], 0));
    renderApp('/demat');
    await openDropdown();
    // Act
    fireEvent.keyDown(document, { key: 'Escape' });
    // Assess
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull();
  });
});

describe('top bar', () => {
  afterEach(resetWebTestState);

  it('shows the credit with the K/M/B rule, linking to the wallet', async () => {
    // Prepare
    signIn();
    stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture({ current_credit: 2_450_000 }))),
      [NOTIFICATIONS]: () => page([], 0),
    });
    // Act
    renderApp('/demat');
    // Assess
    const badge = await screen.findByRole('link', { name: /^Credit ₹2\.5M/ });
    expect(badge.getAttribute('href')).toBe('/wallet');
  });

  it('shows the profile picture when the profile has one', async () => {
    // Prepare
    signIn();
    stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture({ profile_image: 'https://cdn.example.com/u/7.png' }))),
      [NOTIFICATIONS]: () => page([], 0),
    });
    // Act
    renderApp('/demat');
    // Assess
    const picture = await screen.findByTestId('avatar-picture');
    expect(picture.querySelector('img')?.getAttribute('src') ?? picture.getAttribute('src')).toBe('https://cdn.example.com/u/7.png');
    expect(screen.queryByTestId('avatar-initial')).toBeNull();
  });

  it("shows the email's initial on a coloured disc when there is no picture, and 'A' before the profile is known", async () => {
    // Prepare
    signIn();
    let answerProfile: (response: Response) => void = () => {};
    stubFetch({
      [PROFILE]: () => new Promise<Response>((resolve) => (answerProfile = resolve)),
      [NOTIFICATIONS]: () => page([], 0),
    });
    // Act
    renderApp('/demat');
    // Assess
    expect((await screen.findByTestId('avatar-initial')).textContent).toBe('A');

    // Act
    answerProfile(jsonResponse(successBody(profileFixture({ email: 'zara@example.com', profile_image: null }))));
    // Assess
    expect(await screen.findByText('Asha Rao', { selector: '.profile-menu__name' })).toBeTruthy();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('Z');
  });

  it('logs out from the profile menu: clears the token and user key and opens /login', async () => {
    // Prepare
    signIn();
    stubApi(() => page([], 0));
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    renderApp('/demat');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Profile menu' }), { key: 'Enter' });
    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    // Assess
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('closes the sidebar after a click below 1000 px', async () => {
    // Prepare
    vi.stubGlobal('innerWidth', 800);
    signIn();
    stubApi(() => page([], 0));
    renderApp('/demat');
    fireEvent.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
    const sidebar = document.getElementById('app-sidebar');
    expect(sidebar?.dataset.open).toBe('true');
    // Act
    fireEvent.click(within(sidebar ?? document.body).getByRole('link', { name: 'Referral' }));
    // Assess
    expect(sidebar?.dataset.open).toBe('false');
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/referral'));
  });

  it('keeps the sidebar open after a click from 1000 px up', async () => {
    // Prepare
    vi.stubGlobal('innerWidth', 1000);
    signIn();
    stubApi(() => page([], 0));
    renderApp('/demat');
    const sidebar = await screen.findByRole('complementary');
    // Act
    fireEvent.click(await within(sidebar).findByRole('link', { name: 'Referral' }));
    // Assess
    expect(sidebar.dataset.open).toBe('true');
  });
});

/** Radix menus measure their trigger; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
