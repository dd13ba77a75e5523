import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession, TOKEN_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { makeToken, validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const RESET_PASSWORD = 'POST /api/v4/users/resetpassword';

/** Radix menus measure their trigger; jsdom has no ResizeObserver. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function signInWith(resetPassword: (request: Request) => Response | Promise<Response>) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  return stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [NOTIFICATIONS]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [RESET_PASSWORD]: resetPassword,
  });
}

async function openDialog(): Promise<HTMLElement> {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  renderApp('/demat');
  fireEvent.keyDown(await screen.findByRole('button', { name: 'Profile menu' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset Password' }));
  return screen.findByRole('dialog', { name: 'Reset Password' });
}

function fill(dialog: HTMLElement, values: { old?: string; new?: string; confirm?: string }): void {
  const set = (label: string, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  };
  set('Old password', values.old);
  set('New password', values.new);
  set('Confirm password', values.confirm);
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

const toastWith = (text: string) => within(screen.getByRole('region', { name: 'Messages' })).findByText(text);

describe('reset password dialog (spec §5, §8)', () => {
  afterEach(resetWebTestState);

  it('requires all three fields without calling the API', async () => {
    // Prepare
    const { requests } = signInWith(() => jsonResponse(successBody({ token: 'unused' })));
    const dialog = await openDialog();
    // Act
    submit(dialog);
    // Assess
    expect(within(dialog).getByText('Old password is required.')).toBeTruthy();
    expect(within(dialog).getByText('New password is required.')).toBeTruthy();
    expect(within(dialog).getByText('Confirm password is required.')).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/users/resetpassword'))).toBe(false);
  });

  it('needs at least 6 characters in the new password', async () => {
    // Prepare
    signInWith(() => jsonResponse(successBody({ token: 'unused' })));
    const dialog = await openDialog();
    fill(dialog, { old: 'old-secret', new: 'abc12', confirm: 'abc12' });
    // Act
    submit(dialog);
    // Assess
    expect(within(dialog).getByText('Password must be at least 6 characters long.')).toBeTruthy();
  });

  it('needs the confirmation to match', async () => {
    // Prepare
    signInWith(() => jsonResponse(successBody({ token: 'unused' })));
    const dialog = await openDialog();
    fill(dialog, { old: 'old-secret', new: 'new-secret', confirm: 'new-secreT' });
    // Act
    submit(dialog);
    // Assess
    expect(within(dialog).getByText('New password and confirm password do not match.')).toBeTruthy();
  });

  it('shows and hides the two new-password fields', async () => {
    // Prepare
    signInWith(() => jsonResponse(successBody({ token: 'unused' })));
    const dialog = await openDialog();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show new password' }));
    // Assess
    expect(within(dialog).getByLabelText('New password').getAttribute('type')).toBe('text');
    expect(within(dialog).getByLabelText('Confirm password').getAttribute('type')).toBe('password');
    expect(within(dialog).queryByRole('button', { name: 'Show old password' })).toBeNull();

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide new password' }));
    // Assess
    expect(within(dialog).getByLabelText('New password').getAttribute('type')).toBe('password');
  });

  it('disables inputs and buttons while submitting', async () => {
    // Prepare
    signInWith(() => new Promise<Response>(() => {}));
    const dialog = await openDialog();
    fill(dialog, { old: 'old-secret', new: 'new-secret', confirm: 'new-secret' });
    // Act
    submit(dialog);
    // Assess
    await waitFor(() => expect(within(dialog).getByLabelText('Old password')).toHaveProperty('disabled', true));
    for (const label of ['New password', 'Confirm password']) {
      expect(within(dialog).getByLabelText(label)).toHaveProperty('disabled', true);
    }
    for (const button of within(dialog).getAllByRole('button')) expect(button).toHaveProperty('disabled', true);
  });

  it('on success: sends both passwords, stores the new token, shows a success toast and closes', async () => {
    // Prepare
    const now = Math.floor(Date.now() / 1000);
    const renewedToken = makeToken({ user_id: 7, frch_id: 3, iat: now, exp: now + 7200, jti: 'jti-renewed' });
    const { requests } = signInWith(() => jsonResponse(successBody({ token: renewedToken }, 'Password changed successfully.')));
    const dialog = await openDialog();
    fill(dialog, { old: 'old-secret', new: 'new-secret', confirm: 'new-secret' });
    // Act
    submit(dialog);
    // Assess
    const toast = await toastWith('Password changed successfully.');
    expect(toast.closest('[data-toast]')?.getAttribute('data-toast')).toBe('success');
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(renewedToken);
    const sent = requests.find((request) => request.url.endsWith('/users/resetpassword'));
    expect(await sent?.json()).toEqual({ old_password: 'old-secret', new_password: 'new-secret' });
  });

  it("shows the server's message as an error toast when it answers status false", async () => {
    // Prepare
    const message = 'Old password is incorrect.';
    const before = validToken({ user_id: 7, frch_id: 3 });
    signInWith(() =>
      jsonResponse({ status: false, data: null, msg: message, error: { message, code: 'BUSINESS_RULE' } }, 422),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, before);
    const dialog = await openDialog();
    fill(dialog, { old: 'wrong-secret', new: 'new-secret', confirm: 'new-secret' });
    // Act
    submit(dialog);
    // Assess
    const toast = await toastWith(message);
    expect(toast.closest('[data-toast]')?.getAttribute('data-toast')).toBe('error');
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(before);
    expect(within(dialog).getByLabelText('Old password')).toHaveProperty('disabled', false);
  });

  it('shows the generic message when the call fails without an answer', async () => {
    // Prepare
    signInWith(() => {
      throw new TypeError('Failed to fetch');
    });
    const dialog = await openDialog();
    fill(dialog, { old: 'old-secret', new: 'new-secret', confirm: 'new-secret' });
    // Act
    submit(dialog);
    // Assess
    expect(await toastWith('An error occurred while resetting the password.')).toBeTruthy();
  });

  it('takes the focus, and closes with Cancel', async () => {
    // Prepare
    signInWith(() => jsonResponse(successBody({ token: 'unused' })));
    const dialog = await openDialog();
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('old_password'));
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Assess
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull();
  });
});
