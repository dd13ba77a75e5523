import { render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../web/src/app/providers';
import { AppRoutes } from '../../web/src/app/routing/app-routes';
import { brokerRedirectOf } from '../../web/src/features/demat/broker-redirect';
import { accountFixture, ANGEL_ID } from './demat-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { resetWebTestState } from './support/render-app';
import { bodiesTo, serveTradingApi } from './trading-fixtures';

const COMPLETE = '/users/broker/completebrokerlogin';
const ZERODHA = accountFixture({ broker_id: ANGEL_ID, broker: 'zerodha', broker_combined_name: 'Zerodha Kite (AB1234)' });
const FIRST_RENDER = { timeout: 5_000 };

/** The app as main.tsx mounts it: in StrictMode, whose doubled effects must not send a single-use token twice. */
function renderStrictApp(path: string) {
  return render(
    <StrictMode>
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentSearch />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
}

function CurrentSearch() {
  return <output data-testid="current-search">{useLocation().search}</output>;
}

const serveLogin = (answer?: () => Response) =>
  serveTradingApi({ accounts: [ZERODHA] }, answer ? { [`POST /api/v4${COMPLETE}`]: answer } : { [`POST /api/v4${COMPLETE}`]: () => jsonResponse(successBody(ZERODHA)) });

describe('demat connected page: finishing a broker login', () => {
  afterEach(resetWebTestState);

  it("hands Kite's request token over once, shows the account, and drops the token from the address", async () => {
    // Prepare
    const { requests } = serveLogin();
    // Act
    renderStrictApp(`/dematconnected?action=login&type=login&status=success&request_token=kite-Token_123&broker_id=${ANGEL_ID}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Broker connected' }, FIRST_RENDER)).toBeTruthy();
    expect(await screen.findByText('Zerodha Kite (AB1234)')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(await bodiesTo(requests, COMPLETE)).toEqual([{ broker_id: ANGEL_ID, request_token: 'kite-Token_123' }]);
    expect(screen.getByTestId('current-search').textContent).toBe(`?status=success&broker_id=${ANGEL_ID}`);
  });

  it("shows the server's message when the token is refused", async () => {
    // Prepare
    serveLogin(() => jsonResponse(errorBody('The broker refused the login token (it is single-use and expires in minutes).', 'BUSINESS_RULE'), 422));
    // Act
    renderStrictApp(`/dematconnected?code=upstox-code-1&state=${ANGEL_ID}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Broker login did not finish' }, FIRST_RENDER)).toBeTruthy();
    expect(within(await screen.findByRole('alert')).getByText(/refused the login token/)).toBeTruthy();
  });

  it('sends nothing when the broker reports the login as not done', async () => {
    // Prepare
    const { requests } = serveLogin();
    // Act
    renderStrictApp(`/dematconnected?s=error&code=-16&auth_code=&state=${ANGEL_ID}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Broker login did not finish' }, FIRST_RENDER)).toBeTruthy();
    expect(await bodiesTo(requests, COMPLETE)).toEqual([]);
  });
});

describe('reading a broker login redirect', () => {
  it.each([
    ['Kite', `status=success&request_token=abc123&broker_id=${ANGEL_ID}`, 'abc123'],
    ['Upstox', `code=up-code-9&state=${ANGEL_ID}`, 'up-code-9'],
    ['Fyers (auth_code, next to its code=200 status)', `s=ok&code=200&auth_code=fy.auth.code&state=${ANGEL_ID}`, 'fy.auth.code'],
  ])('takes the token %s sends', (_broker, query, token) => {
    expect(brokerRedirectOf(new URLSearchParams(query))).toEqual({ kind: 'token', brokerId: ANGEL_ID, token });
  });

  it.each([
    ['Kite cancelled', `status=cancelled&request_token=abc123&broker_id=${ANGEL_ID}`],
    ['Fyers error', `s=error&auth_code=x&state=${ANGEL_ID}`],
    ['OAuth error', `error=access_denied&state=${ANGEL_ID}`],
  ])('reads %s as a failed login', (_case, query) => {
    expect(brokerRedirectOf(new URLSearchParams(query))).toEqual({ kind: 'failed', brokerId: ANGEL_ID });
  });

  it('has nothing to hand over without a token or without the account', () => {
    expect(brokerRedirectOf(new URLSearchParams(`status=success&broker_id=${ANGEL_ID}`))).toEqual({ kind: 'plain', brokerId: ANGEL_ID });
    expect(brokerRedirectOf(new URLSearchParams('request_token=abc123'))).toEqual({ kind: 'plain', brokerId: null });
  });
});
