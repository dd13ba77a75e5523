import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_CODE_REQUIRED_DETAIL } from '../../shared/contracts/auth';
import { TOKEN_STORAGE_KEY, USER_KEY_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { captchaScriptUrl } from '../../web/src/lib/captcha/captcha-script';
import { fallbackRuntimeConfig, setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const LOGIN = 'POST /api/v4/auth/userlogin';
const PROFILE = 'GET /api/v4/users/getuserprofile';
const DASHBOARD = 'GET /api/v4/users/dashboard';

const NO_IMAGES = { horizontal_logo: null, vertical_logo: null, login_bg: null };
const noImages = () => jsonResponse(successBody(NO_IMAGES));

const loginRequests = (requests: Request[]) => requests.filter((request) => request.url.endsWith('/auth/userlogin'));

function authScreen(): HTMLElement {
  const screenElement = document.querySelector<HTMLElement>('.auth-screen');
  if (!screenElement) throw new Error('no auth screen rendered');
  return screenElement;
}

async function logIn(identifier: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email or mobile number'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login screen', () => {
  afterEach(() => {
    resetWebTestState();
    setRuntimeConfig(fallbackRuntimeConfig(window.location));
    delete window.grecaptcha;
    document.getElementById('invisible-captcha-script')?.remove();
  });

  it("shows the host's white-label background and horizontal logo", async () => {
    // Prepare
    stubFetch({
      [WHITE_LABEL]: () =>
        jsonResponse(successBody({ ...NO_IMAGES, horizontal_logo: '/files/1/logo.png', login_bg: '/files/1/bg.webp', product_name: 'Acme Trade' })),
    });
    // Act
    renderApp('/login');
    // Assess
    const logo = await screen.findByRole('img', { name: 'Acme Trade' });
    expect(logo.getAttribute('src')).toBe('/files/1/logo.png');
    expect(authScreen().dataset.background).toBe('white-label');
    expect(authScreen().style.backgroundImage).toContain('/files/1/bg.webp');
    expect(screen.queryByText('TradeBridge')).toBeNull();
  });

  it('falls back to the product name on a plain background when the host has no images', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: () => jsonResponse(successBody(NO_IMAGES)) });
    // Act
    renderApp('/login');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'TradeBridge' })).toBeTruthy();
    expect(authScreen().dataset.background).toBe('plain');
    expect(authScreen().style.backgroundImage).toBe('');
  });

  it("still shows the login form, and the platform's own name, when the brand cannot be read", async () => {
    // Prepare
    const { fetchStub } = stubFetch({});
    fetchStub.mockRejectedValue(new TypeError('Failed to fetch'));
    // Act
    renderApp('/login');
    // Assess
    expect(await screen.findByLabelText('Email or mobile number')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'TradeBridge' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to forgot password and, with self-service accounts, to registration', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: () => jsonResponse(successBody(NO_IMAGES)) });
    // Act
    renderApp('/login');
    // Assess
    const form = await screen.findByRole('form', { name: 'Log in' });
    expect(within(form).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(within(form).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it('sends no captcha token when no site key is configured', async () => {
    // Prepare
    const { requests } = stubFetch({
      [WHITE_LABEL]: () => jsonResponse(successBody(NO_IMAGES)),
      [LOGIN]: () => new Promise<Response>(() => {}),
    });
    renderApp('/login');
    // Act
    await logIn('trader@example.com', 'secret');
    // Assess
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/auth/userlogin'))).toBe(true));
    const login = requests.find((request) => request.url.endsWith('/auth/userlogin'));
    expect(await login?.json()).toEqual({ email: 'trader@example.com', password: 'secret' });
    expect(document.getElementById('invisible-captcha-script')).toBeNull();
  });

  it("loads the invisible captcha for the configured site key and sends its token", async () => {
    // Prepare
    setRuntimeConfig({ ...fallbackRuntimeConfig(window.location), captchaSiteKey: 'site-key-1' });
    const user = profileFixture();
    const { requests } = stubFetch({
      [WHITE_LABEL]: () => jsonResponse(successBody(NO_IMAGES)),
      [LOGIN]: () => jsonResponse(successBody({ token: validToken(), user })),
      [PROFILE]: () => jsonResponse(successBody(user)),
      [DASHBOARD]: () => new Promise<Response>(() => {}),
    });
    renderApp('/login');
    await screen.findByLabelText('Email or mobile number');
    const script = document.getElementById('invisible-captcha-script');
    expect(script?.getAttribute('src')).toBe(captchaScriptUrl('site-key-1'));
    // Act: the provider's script arrives, then the user submits
    window.grecaptcha = { ready: (callback) => callback(), execute: async () => 'captcha-token-1' };
    script?.dispatchEvent(new Event('load'));
    await logIn('trader@example.com', 'secret');
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const login = requests.find((request) => request.url.endsWith('/auth/userlogin'));
    expect(await login?.json()).toEqual({ email: 'trader@example.com', password: 'secret', captcha_token: 'captcha-token-1' });
  });

  it('shows the contract schema messages without calling the login API', async () => {
    // Prepare
    const { requests } = stubFetch({ [WHITE_LABEL]: noImages });
    renderApp('/login');
    // Act
    await logIn('not-an-email', '');
    // Assess
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(loginRequests(requests)).toHaveLength(0);
  });

  it('sends ten digits as mobile_no and disables the form while submitting', async () => {
    // Prepare
    const { requests } = stubFetch({ [WHITE_LABEL]: noImages, [LOGIN]: () => new Promise<Response>(() => {}) });
    renderApp('/login');
    // Act
    await logIn(' 9876543210 ', 'secret');
    // Assess
    expect(await screen.findByRole('button', { name: /Logging in/ })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Email or mobile number')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', true);
    await waitFor(() => expect(loginRequests(requests)).toHaveLength(1));
    expect(await loginRequests(requests)[0]?.json()).toEqual({ mobile_no: '9876543210', password: 'secret' });
  });

  it("shows the server's error message and enables the form again", async () => {
    // Prepare
    stubFetch({
      [WHITE_LABEL]: noImages,
      [LOGIN]: () => jsonResponse(errorBody('Invalid email or password.', 'UNAUTHORIZED'), 401),
    });
    renderApp('/login');
    // Act
    await logIn('trader@example.com', 'wrong');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', false);
  });

  it('stores the session and opens the dashboard on success', async () => {
    // Prepare
    const token = validToken({ user_id: 7, frch_id: 3 });
    const user = profileFixture();
    stubFetch({
      [WHITE_LABEL]: noImages,
      [LOGIN]: () => jsonResponse(successBody({ token, user })),
      [PROFILE]: () => jsonResponse(successBody(user)),
      [DASHBOARD]: () => new Promise<Response>(() => {}),
    });
    renderApp('/login');
    // Act
    await logIn('trader@example.com', 'secret');
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/dashboard');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBe('AD_3_7');
  });

  it('asks for the mailed login code when the server needs one, and sends it with the password', async () => {
    // Prepare
    const token = validToken({ user_id: 7, frch_id: 3 });
    const user = profileFixture();
    let calls = 0;
    const { requests } = stubFetch({
      [WHITE_LABEL]: noImages,
      [LOGIN]: () => {
        calls += 1;
        if (calls === 1) return jsonResponse({ status: false, error: { message: 'We emailed you a login code.', code: 'UNAUTHORIZED', details: [LOGIN_CODE_REQUIRED_DETAIL] } }, 401);
        return jsonResponse(successBody({ token, user }));
      },
      [PROFILE]: () => jsonResponse(successBody(user)),
      [DASHBOARD]: () => new Promise<Response>(() => {}),
    });
    renderApp('/login');
    expect(screen.queryByLabelText('Login code from your email')).toBeNull();
    // Act
    await logIn('trader@example.com', 'secret');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('We emailed you a login code.');
    const codeField = await screen.findByLabelText('Login code from your email');
    // Act
    fireEvent.change(codeField, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // Assess: the contract's own message, no call
    expect(await screen.findByText('Enter the 6-digit OTP.')).toBeTruthy();
    expect(loginRequests(requests)).toHaveLength(1);
    // Act
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await loginRequests(requests)[1]?.json()).toEqual({ email: 'trader@example.com', password: 'secret', login_otp: '123456' });
  });
});
