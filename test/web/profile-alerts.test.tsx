import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertsStorageKey } from '../../web/src/entities/alerts/alert-preference';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

/** The browser's Notification API as a stand-in: the answer the user gives to the permission prompt. */
function stubNotifications(answer: NotificationPermission, current: NotificationPermission = 'default') {
  const api = { permission: current, requestPermission: vi.fn(async () => ((api.permission = answer), answer)) };
  vi.stubGlobal('Notification', api);
  return api;
}

class SilentAudioContext {
  static made = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    SilentAudioContext.made += 1;
  }
  resume = async () => undefined;
  createOscillator() {
    return { frequency: { setValueAtTime: () => undefined }, connect: () => undefined, start: () => undefined, stop: () => undefined };
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
}

async function openProfile() {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  stubFetch({
    'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture())),
    'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    'GET /api/v4/users/broker/getbrokers': () => jsonResponse(successBody([])),
  });
  vi.stubGlobal('WebSocket', class {
    close() {}
  });
  vi.stubGlobal('AudioContext', SilentAudioContext);
  renderApp('/profile');
  const card = await screen.findByRole('region', { name: 'Alerts' });
  return { card, toggle: within(card).getByRole('switch', { name: 'Sound and notifications' }) };
}

describe('profile: the alerts switch', () => {
  afterEach(resetWebTestState);

  it('is off by default, asks the browser for permission when turned on, plays the tone, and turns off again', async () => {
    const notifications = stubNotifications('granted');
    const { card, toggle } = await openProfile();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(localStorage.getItem(alertsStorageKey())).toBeNull();

    fireEvent.click(toggle);
    await within(card).findByText('Alerts are on: you will hear a tone and see a notification.');
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
    expect(SilentAudioContext.made).toBeGreaterThan(0);
    expect(localStorage.getItem(alertsStorageKey())).toBe('on');
    expect((toggle as HTMLInputElement).checked).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(localStorage.getItem(alertsStorageKey())).toBe('off');
  });

  it('keeps the sound and says so when the browser blocks notifications', async () => {
    const notifications = stubNotifications('denied', 'denied');
    const { card, toggle } = await openProfile();
    fireEvent.click(toggle);
    await within(card).findByText('Notifications for this site are blocked in your browser settings, so alerts will only play a sound.');
    expect(notifications.requestPermission).not.toHaveBeenCalled();
    expect(localStorage.getItem(alertsStorageKey())).toBe('on');
  });
});
