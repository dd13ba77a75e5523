import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const CHANGE_MOBILE = 'POST /api/v4/users/updateusermobileno';
const CHANGE_EMAIL = 'POST /api/v4/users/updateuseremail';

const noNotifications = () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 }));

function signIn(): void {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
}

/** Answers each step in turn and records the bodies. */
function steps(...answers: (() => Response)[]) {
  const bodies: unknown[] = [];
  return {
    bodies,
    handler: async (request: Request) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      if (!answer) throw new Error('no answer left');
      return answer();
    },
  };
}

async function openDialog(button: string, name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name });
}

describe('contact changes on the profile page', () => {
  afterEach(resetWebTestState);

  it('changes the mobile number: request a code, confirm it, and the profile shows the new number', async () => {
    // Prepare
    signIn();
    let profile = profileFixture();
    const updated = profileFixture({ mobile_no: '9123456780' });
    const change = steps(
      () => jsonResponse(successBody({ state: 'otp', user: null })),
      () => {
        profile = updated;
        return jsonResponse(successBody({ state: 'updated', user: updated }));
      },
    );
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profile)), [NOTIFICATIONS]: noNotifications, [CHANGE_MOBILE]: change.handler });
    renderApp('/profile');
    const dialog = await openDialog('Change mobile number', 'Change mobile number');
    // Act
    fireEvent.change(within(dialog).getByLabelText('New mobile number'), { target: { value: '9123456780' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText("We have sent a 6-digit code to your account's email.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('OTP'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Assess
    expect(await screen.findByText('Your mobile number has been changed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('main')).getByText('9123456780')).toBeTruthy();
    expect(change.bodies).toEqual([
      { step: 'request', mobile_no: '9123456780' },
      { step: 'confirm', mobile_no: '9123456780', otp: '123456' },
    ]);
  });

  it("checks the number in the browser and shows the server's message for one already in use (mobile-used)", async () => {
    // Prepare
    signIn();
    const change = steps(() => jsonResponse(errorBody('This mobile number is already registered.', 'CONFLICT'), 409));
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: noNotifications, [CHANGE_MOBILE]: change.handler });
    renderApp('/profile');
    const dialog = await openDialog('Change mobile number', 'Change mobile number');
    fireEvent.change(within(dialog).getByLabelText('New mobile number'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Enter a valid 10-digit mobile number.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('New mobile number'), { target: { value: '9000000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    // Assess
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This mobile number is already registered.');
    expect(within(dialog).getByRole('form').dataset.otpState).toBe('mobile-used');
    expect(within(dialog).queryByLabelText('OTP')).toBeNull();
    expect(change.bodies).toHaveLength(1);
  });

  it("shows the server's message for a wrong email code and keeps the dialog open (otp-invalid)", async () => {
    // Prepare
    signIn();
    const change = steps(
      () => jsonResponse(successBody({ state: 'otp', user: null })),
      () => jsonResponse(errorBody('The OTP is incorrect.', 'BUSINESS_RULE'), 422),
    );
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: noNotifications, [CHANGE_EMAIL]: change.handler });
    renderApp('/profile');
    const dialog = await openDialog('Change email', 'Change email');
    fireEvent.change(within(dialog).getByLabelText('New email'), { target: { value: 'New@Example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('We have sent a 6-digit code to the new address.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('OTP'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Assess
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The OTP is incorrect.');
    expect(within(dialog).getByRole('form').dataset.otpState).toBe('otp-invalid');
    expect(change.bodies[1]).toEqual({ step: 'confirm', email: 'new@example.com', otp: '000000' });
  });

  it('asks for the 6-digit code before confirming', async () => {
    // Prepare
    signIn();
    const change = steps(() => jsonResponse(successBody({ state: 'otp', user: null })));
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: noNotifications, [CHANGE_EMAIL]: change.handler });
    renderApp('/profile');
    const dialog = await openDialog('Change email', 'Change email');
    fireEvent.change(within(dialog).getByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByLabelText('OTP');
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Assess
    expect(await within(dialog).findByText('Enter the 6-digit OTP.')).toBeTruthy();
    expect(change.bodies).toHaveLength(1);
  });
});
