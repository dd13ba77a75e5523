import { describe, expect, it } from 'vitest';
import { clientActionSchema, realtimeMessageSchema } from '../../shared/contracts/realtime';

describe('the realtime message schemas', () => {
  it('accepts a notification and strips fields the browser must not see', () => {
    const parsed = realtimeMessageSchema.parse({
      type: 'notification',
      id: '01JNOTIFICATION0000000001',
      notify_type: 'Group Expired',
      notified_message: 'Your group expired.',
      create_time: '2025-11-20 10:15:00',
      PK: 'FR#1#U#7',
    });
    expect(parsed).toEqual({
      type: 'notification',
      id: '01JNOTIFICATION0000000001',
      notify_type: 'Group Expired',
      notified_message: 'Your group expired.',
      create_time: '2025-11-20 10:15:00',
    });
  });

  it('refuses a message of an unknown type or missing a field', () => {
    expect(realtimeMessageSchema.safeParse({ type: 'tick', ltp: 1 }).success).toBe(false);
    expect(realtimeMessageSchema.safeParse({ type: 'error' }).success).toBe(false);
  });

  it("accepts the wallet's balance in paise and rupees with its movement number, and refuses fractional paise", () => {
    const news = { type: 'wallet', credit_paise: 123_456, current_credit: 1234.56, seq: 3, at: '2026-11-21T08:35:09.000Z' };
    expect(realtimeMessageSchema.parse(news)).toEqual(news);
    expect(realtimeMessageSchema.safeParse({ ...news, credit_paise: 10.5 }).success).toBe(false);
    expect(realtimeMessageSchema.safeParse({ ...news, seq: 0 }).success).toBe(false);
  });

  it('knows only the ping action from the browser', () => {
    expect(clientActionSchema.parse({ action: 'ping' })).toEqual({ action: 'ping' });
    expect(clientActionSchema.safeParse({ action: 'subscribe' }).success).toBe(false);
    expect(clientActionSchema.safeParse('ping').success).toBe(false);
  });
});
