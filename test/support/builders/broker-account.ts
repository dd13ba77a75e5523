import { brokerAccountSchema, type BrokerAccount } from '../../../shared/contracts/broker';

/**
 * A broker account as the API answers it, valid by the contract's own schema: a connected paper account
 * with trading on, ₹10,00,000 available, no note or subscription. Tests name only what their case is about.
 */
export function buildBrokerAccount(overrides: Partial<BrokerAccount> = {}): BrokerAccount {
  return brokerAccountSchema.parse({
    broker_id: '01JDZ00000000000000000PAP1',
    broker: 'paper',
    broker_combined_name: 'Paper Trading (000PAP1)',
    status: 'connected',
    broker_user_id: null,
    trading_enabled: true,
    auto_renew: false,
    note: '',
    credentials_configured: false,
    session_valid_until: '2026-03-02T10:00:00.000Z',
    subscription_expires_at: null,
    funds: { available: 1_000_000, used: 0, updated_at: '2026-03-02T04:00:00.000Z' },
    static_ip: null,
    created_at: '2026-03-01T04:00:00.000Z',
    updated_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}
