import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession, TOKEN_STORAGE_KEY, USER_KEY_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const LOGOUT = 'POST /api/v4/auth/logout';

function signIn(): void {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
}

/** Radix menus measure their trigger; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

async function openProfileMenu(): Promise<void> {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  const trigger = await screen.findByRole('button', { name: 'Profile menu' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

describe('signed-in shell', () => {
  afterEach(resetWebTestState);

  it('shows the version label in the sidebar heading', async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())) });
    // Act
    renderApp('/dashboard');
    // Assess
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByRole('heading').textContent).toContain('v4.5.46');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it("shows the email's initial on the avatar when there is no picture", async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture({ email: 'zara@example.com', profile_image: null }))) });
    // Act
    renderApp('/dashboard');
    // Assess
    expect(await screen.findByText('Asha Rao', { selector: '.profile-menu__name' })).toBeTruthy();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('Z');
  });

  it("shows 'A' on the avatar while no profile is known", async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => new Promise<Response>(() => {}) });
    // Act
    renderApp('/dashboard');
    // Assess
    expect((await screen.findByTestId('avatar-initial')).textContent).toBe('A');
  });

  it('shows who is signed in and the credit in the top bar, and no internal flags on the dashboard (issue 16)', async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture({ current_credit: 1250.5 }))) });
    // Act
    renderApp('/dashboard');
    // Assess
    expect(await screen.findByRole('link', { name: 'Credit ₹1.3K, open the wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Profile menu' }).textContent).toContain('Asha Rao');
    expect(screen.queryByText('Signed in as')).toBeNull();
    expect(screen.queryByText(/White label|Broker panel/)).toBeNull();
  });

  it('shows the error of a failed profile load', async () => {
    // Prepare
    signIn();
    const { fetchStub } = stubFetch({});
    fetchStub.mockRejectedValue(new TypeError('Failed to fetch'));
    // Act
    renderApp('/dashboard');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('Api request error');
  });

  it('logs out: revokes the token on the server, clears the token and user key and opens /login', async () => {
    // Prepare
    signIn();
    const { requests } = stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture())),
      [LOGOUT]: () => jsonResponse(successBody({ logged_out: true, all_devices: false })),
    });
    renderApp('/dashboard');
    await openProfileMenu();
    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    // Assess
    expect(await screen.findByLabelText('Email or mobile number')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBeNull();
    expect(requests.filter((request) => new URL(request.url).pathname.endsWith('/getuserprofile'))).toHaveLength(1);
    const logouts = requests.filter((request) => new URL(request.url).pathname.endsWith('/auth/logout'));
    expect(logouts).toHaveLength(1);
    expect(await logouts[0]?.json()).toEqual({ all_devices: false });
    expect(logouts[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('logs out of all devices, and still ends the session here when the server cannot be reached', async () => {
    // Prepare
    signIn();
    const { requests } = stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture())),
      [LOGOUT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/dashboard');
    await openProfileMenu();
    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out of All Devices' }));
    // Assess
    expect(await screen.findByLabelText('Email or mobile number')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const logouts = requests.filter((request) => new URL(request.url).pathname.endsWith('/auth/logout'));
    expect(await logouts[0]?.json()).toEqual({ all_devices: true });
  });

  it('closes the sidebar after a click below 1000 px', async () => {
    // Prepare
    vi.stubGlobal('innerWidth', 800);
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
    const sidebar = document.getElementById('app-sidebar');
    expect(sidebar?.dataset.open).toBe('true');
    // Act
    fireEvent.click(within(sidebar ?? document.body).getByRole('link', { name: 'Dashboard', hidden: true }));
    // Assess
    expect(sidebar?.dataset.open).toBe('false');
  });
});

describe('routing', () => {
  afterEach(resetWebTestState);

  it.each([
    ['an unknown path', '/orderhistory/does-not-exist'],
    ['a protected page without a token', '/dashboard'],
    ['the root without a token', '/'],
  ])('sends %s to /login', async (_label, path) => {
    // Prepare
    stubFetch({});
    // Act
    renderApp(path);
    // Assess
    expect(await screen.findByLabelText('Email or mobile number')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/login');
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('opens the dashboard at the root when signed in', async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())) });
    // Act
    renderApp('/');
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/dashboard');
  });
});
