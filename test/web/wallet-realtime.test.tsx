import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertMessage, WalletMessage } from '../../shared/contracts/realtime';
import { alertsStorageKey } from '../../web/src/entities/alerts/alert-preference';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { ledgerEntryFixture } from './wallet-fixtures';
import { FakeSocket } from './support/fake-socket';

/** The wallet page draws a chart on a canvas jsdom does not have. */
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
}));

const A = '/api/v4';
const news = (seq: number, credit: number): WalletMessage => ({ type: 'wallet', seq, current_credit: credit, credit_paise: Math.round(credit * 100), at: '2026-11-21T08:35:09.000Z' });

function signedIn() {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const emptyPage = () => jsonResponse(successBody({ items: [], next_cursor: null }));
  const stub = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profileFixture({ current_credit: 1250.5 }))),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/broker/getbrokers`]: () => jsonResponse(successBody([])),
    [`GET ${A}/payment/getpaymentoptions`]: () => jsonResponse(successBody({ methods: [{ payment_api: 'PHONEPE', enabled: false, min_amount: 1, max_amount: 100_000 }] })),
    [`GET ${A}/users/brokerpanelconfigs/getbankdetails`]: () => jsonResponse(successBody({ configured: false, account_name: '', account_number: '', ifsc: '', bank_name: '', branch: '', upi_id: '', updated_at: null })),
    [`POST ${A}/payment/getpayments`]: emptyPage,
    [`POST ${A}/payment/getbanktransfers`]: emptyPage,
    [`POST ${A}/users/getuserledger`]: () => jsonResponse(successBody({ items: [ledgerEntryFixture()], next_cursor: null })),
  });
  vi.stubGlobal('WebSocket', FakeSocket);
  const callsTo = (path: string) => stub.requests.filter((request) => new URL(request.url).pathname === `${A}${path}`).length;
  return { callsTo };
}

/** The one socket the page opened, open. */
async function openSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
  const socket = FakeSocket.opened[0] as FakeSocket;
  act(() => socket.onopen?.());
  return socket;
}

const say = (socket: FakeSocket, message: WalletMessage | AlertMessage) => act(() => socket.onmessage?.({ data: JSON.stringify(message) }));
/** The badge, once it says `credit` (the query cache tells the screen on its next tick). */
const badgeShows = (credit: string) => screen.findByRole('link', { name: `Credit ${credit}, open the wallet` });

describe('the credit badge on the realtime channel', () => {
  afterEach(() => {
    resetWebTestState();
    FakeSocket.opened = [];
  });

  it('shows the new balance at once, without reading the profile again, and refreshes an open wallet page', async () => {
    const { callsTo } = signedIn();
    renderApp('/wallet');
    await screen.findByRole('link', { name: /^Credit ₹1\.3K/ });
    expect(await screen.findByTestId('wallet-balance')).toHaveProperty('textContent', '₹1,250.50');
    const socket = await openSocket();
    await waitFor(() => expect(callsTo('/users/getuserledger')).toBe(1));
    const profileReads = callsTo('/users/getuserprofile');

    say(socket, news(4, 98_765.25));

    await badgeShows('₹98.8K');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₹98,765.25');
    expect(callsTo('/users/getuserprofile')).toBe(profileReads);
    await waitFor(() => expect(callsTo('/users/getuserledger')).toBe(2));
    await waitFor(() => expect(callsTo('/payment/getpayments')).toBe(2));
  });

  it('leaves older news (a lower seq) aside: the newest balance stays', async () => {
    signedIn();
    renderApp('/notification');
    await screen.findByRole('link', { name: /^Credit ₹1\.3K/ });
    const socket = await openSocket();

    say(socket, news(7, 3_000));
    say(socket, news(6, 2_500));
    say(socket, news(7, 2_900));
    await badgeShows('₹3.0K');
    say(socket, news(5, 10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('link', { name: /^Credit / }).getAttribute('aria-label')).toBe('Credit ₹3.0K, open the wallet');
    say(socket, news(8, 40));
    await badgeShows('₹40.00');
  });

  it('shares the one socket with alerts, which still sound only while they are on', async () => {
    signedIn();
    localStorage.setItem(alertsStorageKey(), 'on');
    const shown: string[] = [];
    vi.stubGlobal('Notification', class {
      static permission = 'granted';
      constructor(title: string) {
        shown.push(title);
      }
    });
    renderApp('/notification');
    await screen.findByRole('link', { name: /^Credit ₹1\.3K/ });
    const socket = await openSocket();
    say(socket, { type: 'alert', kind: 'fill', at: '2026-11-21T08:35:09.000Z', account: 'Paper Trading (ABC123)', group: null, side: 'BUY', quantity: 10, trading_symbol: 'SBIN', price: 812.5, reason: null });
    say(socket, news(2, 500));
    expect(shown).toEqual(['Order filled']);
    await badgeShows('₹500.00');
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
