import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/contracts/orders';
import type { AlertKind, AlertMessage } from '../../shared/contracts/realtime';
import { buildBrokerAccount } from '../support/builders/broker-account';
import { buildOrder } from '../support/builders/order';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { FakeSocket } from './support/fake-socket';

const A = '/api/v4';
const ZERODHA_ID = '01JC0000000000000000000009';
const ACCOUNT = buildBrokerAccount({ broker_id: ZERODHA_ID, broker: 'zerodha', broker_combined_name: 'Zerodha Kite (ZX1234)' });
/** A Kite order the broker accepted: it answered `pending`, its fill is recorded a moment later. */
const PENDING = buildOrder({ broker_id: ZERODHA_ID, broker: 'zerodha', create_time: '2026-11-21T04:00:00.000Z', update_time: '2026-11-21T04:00:00.000Z' });
const COMPLETED: Order = { ...PENDING, status: 'completed', filled_quantity: 10, average_price: 812.45, update_time: '2026-11-21T04:00:01.000Z' };

/** The order history answers `PENDING` until `fillRecorded` is set, then the same order completed. */
function signedInWithOneOrder() {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const book = { fillRecorded: false };
  const stub = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profileFixture())),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/broker/getbrokers`]: () => jsonResponse(successBody([ACCOUNT])),
    [`POST ${A}/users/getindividualorderhistory`]: () => jsonResponse(successBody({ items: [book.fillRecorded ? COMPLETED : PENDING], next_cursor: null })),
  });
  vi.stubGlobal('WebSocket', FakeSocket);
  const historyReads = () => stub.requests.filter((request) => new URL(request.url).pathname === `${A}/users/getindividualorderhistory`).length;
  return { book, historyReads };
}

/** The one socket the page opened, open. */
async function openSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
  const socket = FakeSocket.opened[0] as FakeSocket;
  act(() => socket.onopen?.());
  return socket;
}

const alert = (kind: AlertKind): AlertMessage => ({
  type: 'alert', kind, at: '2026-11-21T04:00:01.000Z', account: 'Zerodha Kite (ZX1234)', group: null,
  side: kind === 'session-expiring' ? null : 'BUY', quantity: kind === 'session-expiring' ? null : 10,
  trading_symbol: kind === 'session-expiring' ? null : 'SBIN', price: kind === 'fill' ? 812.45 : null, reason: null,
});
const say = (socket: FakeSocket, message: AlertMessage) => act(() => socket.onmessage?.({ data: JSON.stringify(message) }));
const statusShown = async () => (await screen.findByRole('row', { name: 'Order SBIN BUY 10' })).querySelector('[data-column="status"]')?.textContent;

describe("an order's status on the realtime channel", () => {
  afterEach(() => {
    resetWebTestState();
    FakeSocket.opened = [];
  });

  it('reads the open order list again on a fill alert, with alerts off, and shows the order completed', async () => {
    const { book, historyReads } = signedInWithOneOrder();
    renderApp('/orderhistory');
    await waitFor(async () => expect(await statusShown()).toBe('Pending'));
    const socket = await openSocket();
    expect(historyReads()).toBe(1);

    book.fillRecorded = true;
    say(socket, alert('fill'));

    await waitFor(() => expect(historyReads()).toBe(2));
    await waitFor(async () => expect(await statusShown()).toBe('Completed'));
  });

  it('leaves the order list alone on an alert that is not about an order', async () => {
    const { historyReads } = signedInWithOneOrder();
    renderApp('/orderhistory');
    await waitFor(async () => expect(await statusShown()).toBe('Pending'));
    const socket = await openSocket();

    say(socket, alert('session-expiring'));
    await new Promise((resolve) => setTimeout(resolve, 30));

    expect(historyReads()).toBe(1);
    expect(await statusShown()).toBe('Pending');
  });
});
