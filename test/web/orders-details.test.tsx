import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderHistoryContracts, type OrderDetails } from '../../shared/contracts/orders';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const ORDER_ID = '01JD0000000000000000000007';

const REJECTED: OrderDetails = {
  order_id: ORDER_ID,
  broker_id: '01JC0000000000000000000009',
  broker: 'angelone',
  origin: 'ordermanager',
  script_id: 'NFO:BANKNIFTY24NOVFUT',
  exchange: 'NFO',
  trading_symbol: 'BANKNIFTY24NOVFUT',
  lot_size: 15,
  transaction_type: 'SELL',
  order_type: 'SL',
  product: 'CARRYFORWARD',
  quantity: 30,
  price: 51200,
  trigger_price: 51250,
  status: 'rejected',
  submission: 'REJECTED',
  broker_order_id: null,
  tag: 'TB01JD0007',
  reason: 'Trigger price is above the last traded price',
  filled_quantity: 0,
  average_price: null,
  create_time: '2026-11-21T04:00:00.000Z',
  update_time: '2026-11-21T04:00:01.000Z',
  timeline: [
    { at: '2026-11-21T04:00:00.000Z', status: 'pending', submission: 'SUBMITTING', note: null },
    { at: '2026-11-21T04:00:01.000Z', status: 'rejected', submission: 'REJECTED', note: 'Trigger price is above the last traded price' },
  ],
};

function showDetails(path: string, answer: () => Response = () => jsonResponse(successBody(REJECTED))) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const bodies: unknown[] = [];
  stubFetch({
    'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture())),
    'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    'POST /api/v4/users/getorderdetails': async (request) => {
      bodies.push(orderHistoryContracts.getOrderDetails.request.parse(await request.json()));
      return answer();
    },
    'POST /api/v4/users/getindividualorderhistory': () => jsonResponse(successBody({ items: [], next_cursor: null })),
  });
  renderApp(path);
  return bodies;
}

const fieldsOf = (section: HTMLElement) =>
  Object.fromEntries(
    Array.from(section.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('order details page', () => {
  afterEach(resetWebTestState);

  it("shows the order's fields and its status timeline with the broker's reason", async () => {
    // Act
    const bodies = showDetails(`/orderdetails?order_id=${ORDER_ID}`);
    // Assess
    const timeline = await screen.findByRole('list', { name: 'Status timeline' });
    expect(bodies).toEqual([{ order_id: ORDER_ID }]);
    expect(within(timeline).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2026-11-21 09:30:00 · Pending (submitting)',
      '2026-11-21 09:30:01 · Rejected (rejected) — Trigger price is above the last traded price',
    ]);
    expect(fieldsOf(screen.getByRole('region', { name: 'Order' }))).toMatchObject({
      Symbol: 'BANKNIFTY24NOVFUT',
      Exchange: 'NFO',
      Side: 'SELL',
      Type: 'SL',
      Product: 'CARRYFORWARD',
      Quantity: '30',
      'Filled quantity': '0',
      Price: '51,200.00',
      'Trigger price': '51,250.00',
      'Average price': '—',
      Status: 'Rejected',
      "Broker's reason": 'Trigger price is above the last traded price',
      Origin: 'Order manager',
      Broker: 'angelone',
      'Broker order id': '—',
      'Order id': ORDER_ID,
      Placed: '2026-11-21 09:30:00',
    });
  });

  it('says when the order has no recorded status changes yet', async () => {
    // Act
    showDetails(`/orderdetails?order_id=${ORDER_ID}`, () => jsonResponse(successBody({ ...REJECTED, timeline: [] })));
    // Assess
    expect(await screen.findByText('No status changes recorded yet.')).toBeTruthy();
  });

  it('points back to the history without an order_id, and asks nothing', async () => {
    // Act
    const bodies = showDetails('/orderdetails');
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Details' })).toBeTruthy();
    expect(screen.getByText(/No order chosen\./)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Order History' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/orderhistory'));
    expect(bodies).toEqual([]);
  });

  it("shows the API's error when the order cannot be read", async () => {
    // Act
    showDetails(`/orderdetails?order_id=${ORDER_ID}`, () => jsonResponse(errorBody('Order not found.', 'NOT_FOUND'), 404));
    // Assess
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
