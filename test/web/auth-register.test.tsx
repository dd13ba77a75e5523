import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const REGISTER = 'POST /api/v4/auth/userregister';
const REFERRAL = 'POST /api/v4/auth/getreferralname';
const LOGIN = 'POST /api/v4/auth/userlogin';
const PROFILE = 'GET /api/v4/users/getuserprofile';
const DASHBOARD = 'GET /api/v4/users/dashboard';

const noImages = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));

const VALID_FORM: Record<string, string> = {
  'First name': 'Asha',
  'Last name': 'Rao',
  Email: 'Asha.Rao@Example.com',
  'Mobile number': '9876543210',
  Password: 'secret1',
  'Confirm password': 'secret1',
};

async function fill(values: Record<string, string>) {
  await screen.findByRole('form', { name: 'Register' });
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

function bodyOf(requests: Request[], path: string): Promise<unknown> | undefined {
  return requests.find((request) => request.url.endsWith(path))?.clone().json();
}

describe('registration screen', () => {
  afterEach(resetWebTestState);

  it('shows every validation message of the contract without calling the API', async () => {
    // Prepare
    const { requests } = stubFetch({ [WHITE_LABEL]: noImages });
    renderApp('/register');
    await fill({});
    // Act
    submit();
    // Assess
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Last name is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter a valid 10-digit mobile number.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeTruthy();
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/v4/users/getwhitelabelimages']);
  });

  it('refuses a confirmation that differs and a malformed referral code', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages });
    renderApp('/register');
    await fill({ ...VALID_FORM, 'Confirm password': 'secret2', 'Referral code (optional)': 'AB' });
    // Act
    submit();
    // Assess
    expect(await screen.findByText('Password and confirm password do not match.')).toBeTruthy();
    expect(screen.getByText('Enter a valid referral code.')).toBeTruthy();
  });

  it('names the referrer of a valid code while typing', async () => {
    // Prepare
    const { requests } = stubFetch({
      [WHITE_LABEL]: noImages,
      [REFERRAL]: () => jsonResponse(successBody({ referral_name: 'Vikram S.' })),
    });
    renderApp('/register');
    // Act
    await fill({ 'Referral code (optional)': ' FRIEND10 ' });
    // Assess
    expect(await screen.findByText('Referred by Vikram S.')).toBeTruthy();
    expect(await bodyOf(requests, '/auth/getreferralname')).toEqual({ referral_code: 'FRIEND10' });
  });

  it("says 'Invalid referral code' for an unknown code and does not register", async () => {
    // Prepare
    const { requests } = stubFetch({
      [WHITE_LABEL]: noImages,
      [REFERRAL]: () => jsonResponse(errorBody('Invalid referral code'), 400),
    });
    renderApp('/register');
    await fill({ ...VALID_FORM, 'Referral code (optional)': 'NOSUCH1' });
    expect(await screen.findByText('Invalid referral code')).toBeTruthy();
    // Act
    submit();
    // Assess
    expect(screen.getByText('Invalid referral code')).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/auth/userregister'))).toBe(false);
  });

  it('disables the form while the account is being created', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages, [REGISTER]: () => new Promise<Response>(() => {}) });
    renderApp('/register');
    await fill(VALID_FORM);
    // Act
    submit();
    // Assess
    expect(await screen.findByRole('button', { name: /Creating account/ })).toHaveProperty('disabled', true);
    for (const label of [...Object.keys(VALID_FORM), 'Referral code (optional)']) {
      expect(screen.getByLabelText(label)).toHaveProperty('disabled', true);
    }
  });

  it("shows the server's message when the account cannot be created", async () => {
    // Prepare
    stubFetch({
      [WHITE_LABEL]: noImages,
      [REGISTER]: () => jsonResponse(errorBody('An account with this email already exists.', 'CONFLICT'), 409),
    });
    renderApp('/register');
    await fill(VALID_FORM);
    // Act
    submit();
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('An account with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', false);
  });

  it('registers, logs in with the same credentials and opens the dashboard', async () => {
    // Prepare
    const user = profileFixture({ email: 'asha.rao@example.com', current_credit: 0 });
    const token = validToken({ user_id: 7, frch_id: 3 });
    const { requests } = stubFetch({
      [WHITE_LABEL]: noImages,
      [REFERRAL]: () => jsonResponse(successBody({ referral_name: 'Vikram S.' })),
      [REGISTER]: () => jsonResponse(successBody({ user }, 'Registered')),
      [LOGIN]: () => jsonResponse(successBody({ token, user })),
      [PROFILE]: () => jsonResponse(successBody(user)),
      [DASHBOARD]: () => new Promise<Response>(() => {}),
    });
    renderApp('/register');
    await fill({ ...VALID_FORM, 'Referral code (optional)': 'FRIEND10' });
    await screen.findByText('Referred by Vikram S.');
    // Act
    submit();
    // Assess
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/dashboard');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(await bodyOf(requests, '/auth/userregister')).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha.rao@example.com',
      mobile_no: '9876543210',
      password: 'secret1',
      referral_code: 'FRIEND10',
    });
    expect(await bodyOf(requests, '/auth/userlogin')).toEqual({ email: 'asha.rao@example.com', password: 'secret1' });
  });

  it('opens the login screen with a note when the automatic login fails', async () => {
    // Prepare
    stubFetch({
      [WHITE_LABEL]: noImages,
      [REGISTER]: () => jsonResponse(successBody({ user: profileFixture() })),
      [LOGIN]: () => jsonResponse(errorBody('Too many attempts.', 'RATE_LIMITED'), 429),
    });
    renderApp('/register');
    await fill(VALID_FORM);
    // Act
    submit();
    // Assess
    expect(await screen.findByText('Your account has been created. Log in to continue.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
  });
});
