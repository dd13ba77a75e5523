import { describe, expect, it } from 'vitest';
import { countsForNewOrder, countsForQuantityChange, countsForStatusChange } from '../../functions/data/order-counters';

describe('group counter changes that follow child orders', () => {
  it('counts a new order once in the total and once in its status', () => {
    expect(countsForNewOrder('pending', 75)).toEqual({ total_orders: 1, total_quantity: 75, pending_quantity: 75 });
    expect(countsForNewOrder('rejected', 10)).toEqual({ total_orders: 1, total_quantity: 10, rejected_quantity: 10 });
  });

  it('moves the quantity between status counters and leaves the totals alone', () => {
    expect(countsForStatusChange('pending', 'completed', 75)).toEqual({ pending_quantity: -75, completed_quantity: 75 });
    expect(countsForStatusChange('pending', 'cancelled', 5)).toEqual({ pending_quantity: -5, cancelled_quantity: 5 });
    expect(countsForStatusChange('pending', 'failed', 5)).toEqual({ pending_quantity: -5, failed_quantity: 5 });
  });

  it('changes nothing when the status stays or the quantity stays', () => {
    expect(countsForStatusChange('pending', 'pending', 5)).toBeNull();
    expect(countsForQuantityChange('pending', 5, 5)).toBeNull();
  });

  it('follows a modified quantity in the total and the status counter', () => {
    expect(countsForQuantityChange('pending', 150, 75)).toEqual({ total_quantity: -75, pending_quantity: -75 });
    expect(countsForQuantityChange('pending', 75, 150)).toEqual({ total_quantity: 75, pending_quantity: 75 });
  });
});
