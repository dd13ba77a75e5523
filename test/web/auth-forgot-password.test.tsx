import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const FORGOT = 'POST /api/v4/auth/forgotpassword';

const noImages = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));
const codeSent = () => jsonResponse(successBody({ state: 'otp' }, 'If an account matches these details, a code has been sent.'));

const OTP_SENT = 'If an account exists, we have sent a 6-digit code to its email.';

type Answer = () => Response | Promise<Response>;

/** Answers the forgot-password call by step, recording each body. */
function forgotPasswordRoutes(answers: { request?: Answer[]; reset?: Answer[] }) {
  const bodies: unknown[] = [];
  const queues = { request: [...(answers.request ?? [codeSent])], reset: [...(answers.reset ?? [])] };
  const handler = async (request: Request) => {
    const body: unknown = await request.json();
    bodies.push(body);
    const step = typeof body === 'object' && body !== null && 'step' in body && body.step === 'reset' ? 'reset' : 'request';
    const answer = queues[step].length > 1 ? queues[step].shift() : queues[step][0];
    if (!answer) throw new Error(`no answer for step ${step}`);
    return answer();
  };
  return { bodies, handler };
}

async function requestCode(email: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

async function reset(otp: string, password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText('OTP'), { target: { value: otp } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

function resetForm(): HTMLElement {
  return screen.getByRole('form', { name: 'Reset password' });
}

describe('forgot password with self-service accounts (by email)', () => {
  afterEach(resetWebTestState);

  it('asks for a valid email before sending anything', async () => {
    // Prepare
    const { requests } = stubFetch({ [WHITE_LABEL]: noImages });
    renderApp('/forgot-password');
    // Act
    await requestCode('not-an-email');
    // Assess
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(requests.filter((request) => request.url.endsWith('/auth/forgotpassword'))).toHaveLength(0);
  });

  it('requests a code by email and says so without telling whether the account exists', async () => {
    // Prepare
    const forgot = forgotPasswordRoutes({});
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgot.handler });
    renderApp('/forgot-password');
    // Act
    await requestCode(' Trader@Example.com ');
    // Assess
    expect(await screen.findByText(OTP_SENT)).toBeTruthy();
    expect(forgot.bodies).toEqual([{ step: 'request', email: 'trader@example.com' }]);
    expect(resetForm().dataset.otpState).toBe('otp');
  });

  it('disables the request while it is being sent', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: () => new Promise<Response>(() => {}) });
    renderApp('/forgot-password');
    // Act
    await requestCode('trader@example.com');
    // Assess
    expect(await screen.findByRole('button', { name: /Sending code/ })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', true);
  });

  it('checks the code, the new password and its confirmation', async () => {
    // Prepare
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgotPasswordRoutes({}).handler });
    renderApp('/forgot-password');
    await requestCode('trader@example.com');
    // Act
    await reset('12', 'abc', 'abd');
    // Assess
    expect(await screen.findByText('Enter the 6-digit OTP.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeTruthy();
    expect(screen.getByText('Password and confirm password do not match.')).toBeTruthy();
  });

  it("shows the server's message for a wrong code and lets the user try again (otp-invalid)", async () => {
    // Prepare
    const forgot = forgotPasswordRoutes({ reset: [() => jsonResponse(errorBody('The OTP is incorrect.', 'BUSINESS_RULE'), 422)] });
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgot.handler });
    renderApp('/forgot-password');
    await requestCode('trader@example.com');
    // Act
    await reset('123456', 'new-secret');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('The OTP is incorrect.');
    expect(resetForm().dataset.otpState).toBe('otp-invalid');
    expect(screen.getByLabelText('OTP')).toHaveProperty('disabled', false);
    expect(forgot.bodies[1]).toEqual({ step: 'reset', email: 'trader@example.com', otp: '123456', new_password: 'new-secret' });
  });

  it("shows the server's message for an expired code and sends a new one (otp-expired)", async () => {
    // Prepare
    const forgot = forgotPasswordRoutes({
      reset: [() => jsonResponse(errorBody('The OTP has expired. Request a new one.', 'BUSINESS_RULE'), 422)],
    });
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgot.handler });
    renderApp('/forgot-password');
    await requestCode('trader@example.com');
    await reset('123456', 'new-secret');
    expect((await screen.findByRole('alert')).textContent).toContain('The OTP has expired. Request a new one.');
    expect(resetForm().dataset.otpState).toBe('otp-expired');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    // Assess
    expect(await screen.findByText('If an account exists, we have sent a new 6-digit code to its email.')).toBeTruthy();
    expect(resetForm().dataset.otpState).toBe('otp');
    expect(forgot.bodies[2]).toEqual({ step: 'request', email: 'trader@example.com' });
  });

  it('resets the password and goes back to the login screen with a success message', async () => {
    // Prepare
    const forgot = forgotPasswordRoutes({ reset: [() => jsonResponse(successBody({ state: 'password-reset' }))] });
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgot.handler });
    renderApp('/forgot-password');
    await requestCode('trader@example.com');
    // Act
    await reset('654321', 'new-secret');
    // Assess
    expect(await screen.findByText('Your password has been reset. Log in with your new password.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
    expect(screen.getByLabelText('Email or mobile number')).toBeTruthy();
  });

  it('disables the reset form while the new password is being set', async () => {
    // Prepare
    const forgot = forgotPasswordRoutes({ reset: [() => new Promise<Response>(() => {})] });
    stubFetch({ [WHITE_LABEL]: noImages, [FORGOT]: forgot.handler });
    renderApp('/forgot-password');
    await requestCode('trader@example.com');
    // Act
    await reset('654321', 'new-secret');
    // Assess
    expect(await screen.findByRole('button', { name: /Resetting/ })).toHaveProperty('disabled', true);
    for (const label of ['OTP', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveProperty('disabled', true);
    }
  });
});
