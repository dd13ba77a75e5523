import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, successBody } from './support/http';

/** The build flag is read when the app's modules load, so it is set before they are imported. */
vi.stubEnv('VITE_SELF_SERVICE_AUTH', 'false');
const { renderApp, resetWebTestState } = await import('./support/render-app');

const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const FORGOT = 'POST /api/v4/auth/forgotpassword';

const noImages = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));

describe('auth screens with managed accounts (flag off)', () => {
  afterEach(resetWebTestState);
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('offers forgot password but no registration on the login screen', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages });
    // Act
    renderApp('/login');
    // Assess
    const form = await screen.findByRole('form', { name: 'Log in' });
    expect(within(form).getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    expect(within(form).queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('has no registration screen', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages });
    // Act
    renderApp('/register');
    // Assess
    expect(await screen.findByLabelText('Email or mobile number')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/login');
  });

  it('resets the password by the registered mobile number', async () => {
    // Prepare
    const bodies: unknown[] = [];
    stubFetch({
      [WHITE_LABEL]: noImages,
      [FORGOT]: async (request) => {
        const body: unknown = await request.json();
        bodies.push(body);
        return jsonResponse(successBody({ state: bodies.length === 1 ? 'otp' : 'password-reset' }));
      },
    });
    renderApp('/forgot-password');
    fireEvent.change(await screen.findByLabelText('Registered mobile number'), { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid 10-digit mobile number.')).toBeTruthy();
    // Act
    fireEvent.change(screen.getByLabelText('Registered mobile number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('If an account exists, we have sent a 6-digit code to its email.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '111222' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    // Assess
    expect(await screen.findByText('Your password has been reset. Log in with your new password.')).toBeTruthy();
    expect(bodies).toEqual([
      { step: 'request', mobile_no: '9876543210' },
      { step: 'reset', mobile_no: '9876543210', otp: '111222', new_password: 'new-secret' },
    ]);
  });
});
