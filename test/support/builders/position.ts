import { positionSchema, type Position } from '../../../shared/contracts/ordermanager';

/**
 * An order-manager position as the API answers it, valid by the contract's own schema: a WAITING DIRECT
 * MARKET BUY of 1 NSE:SBIN with no target, stop-loss or trailing, nothing filled. Tests name only what
 * their case is about.
 */
export function buildPosition(overrides: Partial<Position> = {}): Position {
  return positionSchema.parse({
    op_id: '01JF000000000000000000P001',
    og_id: '01JF00000000000000000G0001',
    op_status: 'WAITING',
    broker_id: '01JF0000000000000000000A01',
    script_id: 'NSE:SBIN',
    exchange: 'NSE',
    trading_symbol: 'SBIN',
    lot_size: 1,
    transaction_type: 'BUY',
    product: 'INTRADAY',
    quantity: 1,
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: false,
    tgt_type: null,
    tgt_value: null,
    is_sl: false,
    sl_type: null,
    sl_value: null,
    is_trail_set: false,
    trail_type: null,
    trail_trigger: null,
    trail_gap: null,
    trail_point: null,
    entry_avg_price: null,
    exit_avg_price: null,
    target_price: null,
    stop_price: null,
    ltp: null,
    pnl: null,
    legs: [],
    exit_leg: null,
    timeline: [],
    allowed_actions: ['enter', 'cancel', 'edit', 'delete'],
    created_at: '2026-03-02T04:00:00.000Z',
    updated_at: '2026-03-02T04:00:00.000Z',
    ...overrides,
  });
}
