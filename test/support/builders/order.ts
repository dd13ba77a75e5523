import { orderSchema, type Order } from '../../../shared/contracts/orders';

/**
 * An order as the API answers it, valid by the contract's own schema: a manual LIMIT BUY of 10 NSE:SBIN
 * on a paper account, submitted and still pending, nothing filled. Tests name only what their case is about.
 */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    order_id: '01JD0000000000000000000001',
    broker_id: '01JC0000000000000000000009',
    broker: 'paper',
    origin: 'manual',
    script_id: 'NSE:SBIN-EQ',
    exchange: 'NSE',
    trading_symbol: 'SBIN',
    lot_size: 1,
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'INTRADAY',
    quantity: 10,
    price: 812.5,
    trigger_price: null,
    status: 'pending',
    submission: 'SUBMITTED',
    broker_order_id: '2411210001',
    tag: 'TB01JD0001',
    reason: null,
    filled_quantity: 0,
    average_price: null,
    create_time: '2026-03-02T05:00:00.000Z',
    update_time: '2026-03-02T05:00:00.000Z',
    ...overrides,
  });
}
