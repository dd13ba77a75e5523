import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertMessage } from '../../shared/contracts/realtime';
import { alertsStorageKey } from '../../web/src/entities/alerts/alert-preference';
import { createAlertService, SOUND_GAP_MS } from '../../web/src/entities/alerts/alert-service';
import { createAlertSound } from '../../web/src/entities/alerts/alert-sound';
import { alertWords } from '../../web/src/entities/alerts/alert-words';
import type { NotificationApi } from '../../web/src/entities/alerts/browser-notifications';
import { saveSession } from '../../web/src/lib/auth-storage';
import { nextWarningAt, SESSION_WARNING_MS, sessionWarningsDue } from '../../web/src/entities/alerts/session-warnings';
import { openRealtimeSocket, PING_EVERY_MS } from '../../web/src/lib/realtime-socket';
import { buildBrokerAccount } from '../support/builders/broker-account';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { FakeSocket } from './support/fake-socket';

const alert = (fields: Partial<AlertMessage> & Pick<AlertMessage, 'kind'>): AlertMessage => ({
  type: 'alert',
  at: '2026-03-02T05:00:00.000Z',
  account: null,
  group: null,
  side: null,
  quantity: null,
  trading_symbol: null,
  price: null,
  reason: null,
  ...fields,
});
const FILL = alert({ kind: 'fill', account: 'Paper Trading (ABC123)', side: 'BUY', quantity: 10, trading_symbol: 'SBIN', price: 812.5 });
const REJECTED = alert({ kind: 'rejection', account: 'Paper Trading (ABC123)', side: 'SELL', quantity: 1_000, trading_symbol: 'RELIANCE', reason: 'Insufficient funds' });
const TARGET = alert({ kind: 'target-exit', group: 'Morning trades', side: 'BUY', quantity: 10, trading_symbol: 'SBIN', price: 1_830 });
const STOP = alert({ kind: 'stop-loss-exit', group: 'Morning trades', side: 'SELL', quantity: 50, trading_symbol: 'NIFTY26MAR24000CE', price: 80.05 });
const SESSION = alert({ kind: 'session-expired', account: 'Zerodha Kite (ZX1234)' });

/** A Notification API whose permission the test sets and whose notifications it reads. */
function fakeNotifications(permission: NotificationPermission): NotificationApi & { shown: { title: string; body: string; tag: string }[] } {
  const shown: { title: string; body: string; tag: string }[] = [];
  return { permission, requestPermission: async () => permission, show: (title, options) => shown.push({ title, ...options }), shown };
}

/** An AudioContext that records the notes it was asked to play. */
class FakeAudioContext {
  static notes: number[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = vi.fn(async () => undefined);
  createOscillator() {
    return { type: '', frequency: { setValueAtTime: (hz: number) => FakeAudioContext.notes.push(hz) }, connect: () => undefined, start: () => undefined, stop: () => undefined };
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
}

describe('alert words', () => {
  it('says what happened in trader words', () => {
    expect(alertWords(FILL)).toEqual({ title: 'Order filled', body: 'Bought 10 SBIN at ₹812.50 · Paper Trading (ABC123)', tag: 'SBIN-BUY' });
    expect(alertWords(REJECTED)).toMatchObject({ title: 'Order rejected', body: 'Sell 1000 RELIANCE: Insufficient funds · Paper Trading (ABC123)' });
    expect(alertWords(TARGET)).toEqual({ title: 'Target hit', body: 'SBIN (buy 10) exited at ₹1,830.00 · Morning trades', tag: 'SBIN-BUY' });
    expect(alertWords(STOP)).toMatchObject({ title: 'Stop-loss hit', body: 'NIFTY26MAR24000CE (sell 50) exited at ₹80.05 · Morning trades' });
    expect(alertWords(SESSION)).toMatchObject({ title: 'Broker session ended', body: 'Zerodha Kite (ZX1234): log in to the broker again to keep trading.' });
    expect(alertWords(alert({ kind: 'session-expiring', account: 'Zerodha Kite (ZX1234)', at: '2026-03-02T10:00:00.000Z' }))).toMatchObject({
      title: 'Broker session ending soon',
      body: 'Zerodha Kite (ZX1234): the session ends at 15:30. Log in to the broker again to keep trading.',
    });
  });
});

describe('session warnings', () => {
  const ENDS = Date.parse('2026-03-02T10:00:00.000Z');
  const kite = buildBrokerAccount({ broker_id: 'K1', broker: 'zerodha', broker_combined_name: 'Zerodha Kite (ZX1234)', session_valid_until: new Date(ENDS).toISOString() });
  const paper = buildBrokerAccount({ broker_id: 'P1', session_valid_until: new Date(ENDS).toISOString() });
  const expired = buildBrokerAccount({ broker_id: 'K2', broker: 'zerodha', status: 'expired', session_valid_until: new Date(ENDS).toISOString() });

  it('warns once, in the last minutes of a real broker session, never for paper or an ended session', () => {
    const accounts = [kite, paper, expired];
    expect(sessionWarningsDue(accounts, ENDS - SESSION_WARNING_MS - 1, new Set())).toEqual([]);
    const due = sessionWarningsDue(accounts, ENDS - 60_000, new Set());
    expect(due).toEqual([{ key: `K1|${kite.session_valid_until}`, alert: expect.objectContaining({ kind: 'session-expiring', account: 'Zerodha Kite (ZX1234)', at: kite.session_valid_until }) }]);
    expect(sessionWarningsDue(accounts, ENDS - 30_000, new Set(due.map((warning) => warning.key)))).toEqual([]);
    expect(sessionWarningsDue(accounts, ENDS, new Set())).toEqual([]);
    expect(nextWarningAt(accounts, ENDS - 3_600_000)).toBe(ENDS - SESSION_WARNING_MS);
    expect(nextWarningAt(accounts, ENDS - 60_000)).toBeNull();
  });
});

describe('alert service', () => {
  afterEach(() => {
    FakeAudioContext.notes = [];
  });

  it('plays a rising tone for good news and a falling one for bad, and shows a notification when allowed', () => {
    const notifications = fakeNotifications('granted');
    let now = 0;
    const service = createAlertService({ sound: createAlertSound(() => new FakeAudioContext() as unknown as AudioContext), notifications, nowMs: () => now });
    service.handle(FILL);
    now += SOUND_GAP_MS;
    service.handle(REJECTED);
    expect(FakeAudioContext.notes).toEqual([660, 880, 440, 294]);
    expect(notifications.shown.map((shown) => shown.title)).toEqual(['Order filled', 'Order rejected']);
  });

  it('sounds once for alerts that arrive together, and only sounds when notifications are not allowed', () => {
    const notifications = fakeNotifications('denied');
    let now = 1_000;
    const service = createAlertService({ sound: createAlertSound(() => new FakeAudioContext() as unknown as AudioContext), notifications, nowMs: () => now });
    service.handle(FILL);
    now += 200;
    service.handle(TARGET);
    expect(FakeAudioContext.notes).toEqual([660, 880]);
    expect(notifications.shown).toEqual([]);
  });

  it('stays quiet without Web Audio', () => {
    const notifications = fakeNotifications('granted');
    const service = createAlertService({ sound: createAlertSound(() => null), notifications, nowMs: () => 0 });
    service.handle(SESSION);
    expect(notifications.shown).toEqual([expect.objectContaining({ title: 'Broker session ended' })]);
  });
});

describe('realtime socket', () => {
  afterEach(() => {
    FakeSocket.opened = [];
    vi.useRealTimers();
  });

  it('connects with the token, passes on valid messages, pings, and reconnects after a close', () => {
    vi.useFakeTimers();
    const received: unknown[] = [];
    const stop = openRealtimeSocket({
      url: '/api/v4/ws',
      token: () => 'tok.en',
      onMessage: (message) => received.push(message),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      location: { protocol: 'https:', host: 'app.example.in' },
    });
    const first = FakeSocket.opened[0];
    expect(first?.url).toBe('wss://app.example.in/api/v4/ws?token=tok.en');
    first?.onopen?.();
    first?.onmessage?.({ data: JSON.stringify(FILL) });
    first?.onmessage?.({ data: 'not json' });
    first?.onmessage?.({ data: JSON.stringify({ type: 'alert', kind: 'unknown' }) });
    expect(received).toEqual([FILL]);
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(first?.sent).toEqual(['{"action":"ping"}']);

    first?.onclose?.();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.opened).toHaveLength(2);
    stop();
    expect(FakeSocket.opened[1]?.closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(2);
  });
});

describe('alerts in the app', () => {
  afterEach(() => {
    resetWebTestState();
    FakeSocket.opened = [];
  });

  function signedIn(accounts: unknown[] = []) {
    saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
    const stub = stubFetch({
      'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture())),
      'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
      'GET /api/v4/users/broker/getbrokers': () => jsonResponse(successBody(accounts)),
    });
    vi.stubGlobal('WebSocket', FakeSocket);
    return stub;
  }

  function grantNotifications(): { title: string; options: NotificationOptions }[] {
    const shown: { title: string; options: NotificationOptions }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: NotificationOptions) {
          shown.push({ title, options });
        }
      },
    );
    vi.stubGlobal('AudioContext', FakeAudioContext);
    return shown;
  }

  it('while alerts are off (the default), lets alerts on the open channel pass and reads no accounts', async () => {
    const { requests } = signedIn();
    const shown = grantNotifications();
    FakeAudioContext.notes = [];
    renderApp('/notification');
    await screen.findByRole('heading', { name: 'Notifications' });
    // The channel is open anyway (the credit badge follows the wallet on it): one socket, silent.
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    FakeSocket.opened[0]?.onopen?.();
    FakeSocket.opened[0]?.onmessage?.({ data: JSON.stringify(FILL) });
    expect(shown).toEqual([]);
    expect(FakeAudioContext.notes).toEqual([]);
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain('/api/v4/users/broker/getbrokers');
  });

  it("warns when a broker account's session is about to end", async () => {
    const endsSoon = buildBrokerAccount({ broker: 'zerodha', broker_combined_name: 'Zerodha Kite (ZX1234)', session_valid_until: new Date(Date.now() + 5 * 60_000).toISOString() });
    signedIn([endsSoon]);
    localStorage.setItem(alertsStorageKey(), 'on');
    const shown = grantNotifications();
    renderApp('/notification');
    await waitFor(() => expect(shown.map((notification) => notification.title)).toEqual(['Broker session ending soon']));
    expect(shown[0]?.options.body).toMatch(/^Zerodha Kite \(ZX1234\): the session ends at \d{2}:\d{2}\. Log in to the broker again to keep trading\.$/);
  });

  it('listens while alerts are on and shows each alert as a browser notification', async () => {
    signedIn();
    localStorage.setItem(alertsStorageKey(), 'on');
    const shown = grantNotifications();
    renderApp('/notification');
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    expect(FakeSocket.opened[0]?.url).toMatch(/\/api\/v4\/ws\?token=/);
    FakeSocket.opened[0]?.onmessage?.({ data: JSON.stringify(STOP) });
    expect(shown).toEqual([{ title: 'Stop-loss hit', options: { body: 'NIFTY26MAR24000CE (sell 50) exited at ₹80.05 · Morning trades', tag: 'NIFTY26MAR24000CE-SELL' } }]);
  });
});
