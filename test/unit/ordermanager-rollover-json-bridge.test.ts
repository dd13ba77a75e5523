import { describe, expect, it } from 'vitest';
import { addPositionRequestSchema } from '../../shared/contracts/ordermanager';
import { jsonBridgeOrderSchema } from '../../shared/domain/json-bridge-order';
import { planFieldsOf } from '../../functions/signals/json-bridge/order-plan-fields';

const FUTURE_ORDER = { type: 'MARKET', script_type: 'FUT', script: 'NIFTY', expiry_type: 'monthly', expiry_gap: 0, product: 'CARRYFORWARD', quantity: 1, transaction_type: 'BUY' };

describe("a JSON bridge order's rollover on its position", () => {
  it('passes is_rollover, rollover_gap and rollover_time on, the time as HH:mm:ss', () => {
    const order = jsonBridgeOrderSchema.parse({ ...FUTURE_ORDER, is_rollover: 'true', rollover_gap: '2', rollover_time: '14:45' });
    expect(planFieldsOf(order)).toMatchObject({ is_rollover: true, rollover_gap: 2, rollover_time: '14:45:00' });
    const withSeconds = jsonBridgeOrderSchema.parse({ ...FUTURE_ORDER, is_rollover: true, rollover_gap: 0, rollover_time: '09:30:15' });
    expect(planFieldsOf(withSeconds)).toMatchObject({ is_rollover: true, rollover_gap: 0, rollover_time: '09:30:15' });
  });

  it('stores no rollover day or time for an order that does not roll', () => {
    const order = jsonBridgeOrderSchema.parse({ ...FUTURE_ORDER, rollover_gap: 3, rollover_time: '10:00' });
    expect(planFieldsOf(order)).toMatchObject({ is_rollover: false, rollover_gap: null, rollover_time: null });
  });

  it("gives rollover fields the order manager's own rules take (HH:mm:ss)", () => {
    const order = jsonBridgeOrderSchema.parse({ ...FUTURE_ORDER, is_rollover: true, rollover_gap: 1, rollover_time: '15:00' });
    const where = { og_id: '01JF00000000000000000G0001', broker_id: '01JF00000000000000000B0001', script_id: 'NFO:NIFTY29DEC26FUT', quantity: 65 };
    const parsed = addPositionRequestSchema.safeParse({ ...planFieldsOf(order), ...where });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ is_rollover: true, rollover_gap: 1, rollover_time: '15:00:00' });
  });
});
