import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { featureToggleStorageKey, type FeatureToggle } from '../../shared/domain/feature-toggles';
import { AppProviders } from '../../web/src/app/providers';
import { AppRoutes } from '../../web/src/app/routing/app-routes';
import { buildAppRoutes } from '../../web/src/app/routing/route-table';
import { paths } from '../../web/src/config/paths';
import { saveSession, TOKEN_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { expiredToken, validToken } from './support/tokens';

const NO_ROLES = { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false };
const ORDINARY = profileFixture(NO_ROLES);
/** Not broker panel, but every other flag: group pages, static IP, the user list. */
const PARENT = profileFixture({ ...NO_ROLES, can_add_subuser: true, is_ip_enable: true });
const WHITE_LABEL = profileFixture({ ...NO_ROLES, is_white_label: true });
const BROKER_PANEL = profileFixture({ ...NO_ROLES, is_brokerpanel: true });

function signInAs(profile: UserProfile, profileAnswer?: () => Promise<Response>): void {
  saveSession(validToken({ user_id: profile.user_id, frch_id: profile.frch_id }), profile);
  stubFetch({
    'GET /api/v4/users/getuserprofile': profileAnswer ?? (() => Promise.resolve(jsonResponse(successBody(profile)))),
    'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
  });
}

function turnOff(...features: FeatureToggle[]): void {
  for (const feature of features) localStorage.setItem(featureToggleStorageKey(feature), 'false');
}

const currentPath = () => screen.getByTestId('current-path').textContent;

/** Spec §2, written out: every signed-in route with a user who may open it and the title it shows. */
const SIGNED_IN_ROUTES: readonly [path: string, user: UserProfile, title: string | null][] = [
  ['/dashboard', ORDINARY, null],
  ['/demat', ORDINARY, 'Demat'],
  ['/demat/brk-1', ORDINARY, 'Demat account'],
  ['/referral', ORDINARY, 'Referral'],
  ['/orderhistory', ORDINARY, 'Order History'],
  ['/orderhistory/grouporder', ORDINARY, 'Group order history'],
  ['/orderhistory/grouporder/broker/g-1', ORDINARY, 'Group order history by account'],
  ['/orderhistory/individualorder', ORDINARY, 'Individual order history'],
  ['/orderdetails', ORDINARY, 'Order Details'],
  ['/wallet', ORDINARY, 'Wallet'],
  ['/activitylogs', ORDINARY, null],
  ['/profile', ORDINARY, null],
  ['/notification', ORDINARY, null],
  ['/group/group', PARENT, 'Group'],
  ['/group/group/g-1', PARENT, 'Group'],
  ['/group/group/g-1/positions', PARENT, 'Group positions'],
  ['/group/group/g-1/broker/b-1', PARENT, 'Group account'],
  ['/group/strategy', BROKER_PANEL, 'Group Strategy'],
  ['/group/strategy/manage/s-1', BROKER_PANEL, 'Manage group strategy'],
  ['/group/strategy/g-1', BROKER_PANEL, 'Group Strategy'],
  ['/group/strategy/g-1/positions', BROKER_PANEL, 'Group positions'],
  ['/group/strategy/g-1/broker/b-1', BROKER_PANEL, 'Group strategy account'],
  ['/strategies', ORDINARY, 'Strategies'],
  ['/group/pendingorders', ORDINARY, 'Pending Orders'],
  ['/group/pendingorders/o-1', BROKER_PANEL, 'Pending order'],
  ['/bridge/jsonbridge', ORDINARY, 'Json Bridge'],
  ['/bridge/jsonbridge/j-1', ORDINARY, 'Json Bridge'],
  ['/bridge/jsonbridge/j-1/syntaxgenerator', ORDINARY, 'Json Bridge syntax generator'],
  ['/bridge/custombridge', ORDINARY, 'Custom Bridge'],
  ['/bridge/custombridge/c-1', ORDINARY, 'Custom Bridge'],
  ['/bridge/custombridge/c-1/info', ORDINARY, 'Custom Bridge info'],
  ['/bridge/signal', ORDINARY, 'Signal'],
  ['/bridge/position', ORDINARY, 'Position'],
  ['/ordermanager', ORDINARY, 'Order Manager'],
  ['/watchlist', ORDINARY, 'Watch List'],
  ['/staticip', PARENT, 'Static Ip'],
  ['/user', PARENT, 'Link User'],
  ['/user', WHITE_LABEL, 'Link User'],
  ['/user', BROKER_PANEL, 'User'],
  ['/user/demat/b-1', PARENT, 'Connect a broker for a user'],
  ['/user/42', BROKER_PANEL, 'User details'],
  // ADR 0013: every parent opens its sub-users' details, not only the broker panel.
  ['/user/42', WHITE_LABEL, 'User details'],
  ['/transaction', BROKER_PANEL, 'Transaction'],
  ['/configs', BROKER_PANEL, 'Configs'],
  ['/configs', WHITE_LABEL, 'Configs'],
];

describe('route table', () => {
  afterEach(resetWebTestState);

  it('has every path of config/paths.ts, and /register only with self-service accounts', () => {
    // Act
    const withRegister = buildAppRoutes(true).map((route) => route.path);
    const withoutRegister = buildAppRoutes(false).map((route) => route.path);
    // Assess
    expect(new Set([paths.root, ...withRegister])).toEqual(new Set(Object.values(paths)));
    expect(withRegister).toHaveLength(new Set(withRegister).size);
    expect(withoutRegister).not.toContain('/register');
    expect(withoutRegister).toHaveLength(withRegister.length - 1);
  });

  it.each(SIGNED_IN_ROUTES.map(([path, user, title]) => [path, user.is_brokerpanel ? 'broker panel' : user.is_white_label ? 'white label' : user.can_add_subuser ? 'parent' : 'ordinary', user, title] as const))(
    'opens %s for a %s user inside the shell',
    async (path, _who, user, title) => {
      // Prepare
      signInAs(user);
      // Act
      renderApp(path);
      // Assess
      expect(await screen.findByRole('complementary')).toBeTruthy();
      if (title) expect(await screen.findByRole('heading', { level: 2, name: title })).toBeTruthy();
      else await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());
      expect(currentPath()).toBe(path);
    },
  );

  it.each([
    ['/group/strategy', ORDINARY],
    ['/group/strategy/manage/s-1', PARENT],
    ['/group/strategy/g-1/broker/b-1', PARENT],
    ['/strategies', BROKER_PANEL],
    ['/group/group', BROKER_PANEL],
    ['/group/group/g-1/positions', BROKER_PANEL],
    ['/staticip', BROKER_PANEL],
    ['/user', ORDINARY],
    ['/user/demat/b-1', ORDINARY],
    ['/user/42', ORDINARY],
    ['/transaction', PARENT],
    ['/configs', PARENT],
  ])('sends %s to /dashboard for a user without the role', async (path, user) => {
    // Prepare
    signInAs(user);
    // Act
    renderApp(path);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it.each([
    ['/watchlist', ['watchlist']],
    ['/ordermanager', ['ordermanager']],
    ['/bridge/jsonbridge/j-1/syntaxgenerator', ['jsonbridge']],
    ['/bridge/position', ['custombridge']],
    ['/group/group/g-1', ['group']],
    ['/group/pendingorders', ['group', 'groupstrategy']],
    ['/strategies', ['groupstrategy']],
  ] as const)('sends %s to /dashboard while its feature is off', async (path, features) => {
    // Prepare
    turnOff(...features);
    signInAs(PARENT);
    // Act
    renderApp(path);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('keeps pending orders while either group feature is on', async () => {
    // Prepare
    turnOff('group');
    signInAs(BROKER_PANEL);
    // Act
    renderApp('/group/pendingorders');
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Pending Orders' })).toBeTruthy();
  });

  it('waits for the profile before judging a role-gated route', async () => {
    // Prepare
    signInAs(BROKER_PANEL, () => new Promise<Response>(() => {}));
    // Act
    renderApp('/transaction');
    // Assess
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(currentPath()).toBe('/transaction');
  });

  it('shows /dematconnected without sidebar and top bar', async () => {
    // Prepare
    signInAs(ORDINARY);
    // Act
    renderApp('/dematconnected');
    // Assess
    expect(await screen.findByRole('heading', { name: 'Broker connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toggle sidebar' })).toBeNull();
  });

  it.each(['/login', '/forgot-password', '/register'])('shows %s without sidebar and top bar', async (path) => {
    // Prepare
    stubFetch({ 'GET /api/v4/users/getwhitelabelimages': () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null })) });
    // Act
    renderApp(path);
    // Assess
    await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    expect(currentPath()).toBe(path);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('sends /register to /login when self-service accounts are off', async () => {
    // Prepare
    stubFetch({ 'GET /api/v4/users/getwhitelabelimages': () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null })) });
    // Act
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/register']}>
          <AppRoutes routes={buildAppRoutes(false)} />
          <CurrentPath />
        </MemoryRouter>
      </AppProviders>,
    );
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('sends /dematconnected to /login without a token', async () => {
    // Prepare
    stubFetch({ 'GET /api/v4/users/getwhitelabelimages': () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null })) });
    // Act
    renderApp('/dematconnected');
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

describe('redirects', () => {
  afterEach(resetWebTestState);

  const WHITE_LABEL_IMAGES = 'GET /api/v4/users/getwhitelabelimages';
  const noImages = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));

  it.each([
    ['an unknown path', '/orderhistory/does-not-exist'],
    ['a signed-in page without a token', '/wallet'],
    ['the root without a token', '/'],
  ])('sends %s to /login', async (_label, path) => {
    // Prepare
    stubFetch({ [WHITE_LABEL_IMAGES]: noImages });
    // Act
    renderApp(path);
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('removes an expired stored token and opens /login', async () => {
    // Prepare
    localStorage.setItem(TOKEN_STORAGE_KEY, expiredToken());
    stubFetch({ [WHITE_LABEL_IMAGES]: noImages });
    // Act
    renderApp('/wallet');
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('opens the dashboard at the root when signed in', async () => {
    // Prepare
    signInAs(ORDINARY);
    // Act
    renderApp('/');
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByRole('complementary')).toBeTruthy();
  });
});

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}
