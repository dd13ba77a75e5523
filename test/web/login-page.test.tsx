import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_KEY_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const LOGIN = 'POST /api/v4/auth/userlogin';
const PROFILE = 'GET /api/v4/users/getuserprofile';
const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const noWhiteLabel = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));
const loginCalls = (requests: Request[]) => requests.filter((request) => new URL(request.url).pathname.endsWith('/userlogin'));

async function fillAndSubmit(identifier: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email or mobile number'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login page', () => {
  afterEach(resetWebTestState);

  it('shows the contract schema messages without calling the API', async () => {
    // Prepare
    const { requests } = stubFetch({ [WHITE_LABEL]: noWhiteLabel });
    renderApp('/login');
    // Act
    await fillAndSubmit('not-an-email', '');
    // Assess
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(loginCalls(requests)).toHaveLength(0);
  });

  it('sends ten digits as mobile_no and disables the form while submitting', async () => {
    // Prepare
    const { requests } = stubFetch({ [LOGIN]: () => new Promise<Response>(() => {}), [WHITE_LABEL]: noWhiteLabel });
    renderApp('/login');
    // Act
    await fillAndSubmit(' 9876543210 ', 'secret');
    // Assess
    expect(await screen.findByRole('button', { name: /Logging in/ })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Email or mobile number')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', true);
    expect(await loginCalls(requests)[0]?.json()).toEqual({ mobile_no: '9876543210', password: 'secret' });
  });

  it("shows the server's error message", async () => {
    // Prepare
    stubFetch({ [LOGIN]: () => jsonResponse(errorBody('Invalid email or password.', 'UNAUTHORIZED'), 401), [WHITE_LABEL]: noWhiteLabel });
    renderApp('/login');
    // Act
    await fillAndSubmit('trader@example.com', 'wrong');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', false);
  });

  it('stores the session and opens the dashboard on success', async () => {
    // Prepare
    const token = validToken({ user_id: 7, frch_id: 3 });
    const user = profileFixture();
    stubFetch({
      [LOGIN]: () => jsonResponse(successBody({ token, user })),
      [PROFILE]: () => jsonResponse(successBody(user)),
      [WHITE_LABEL]: noWhiteLabel,
    });
    renderApp('/login');
    // Act
    await fillAndSubmit('trader@example.com', 'secret');
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/dashboard');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBe('AD_3_7');
  });
});
