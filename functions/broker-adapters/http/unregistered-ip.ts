import { BROKER_DISPLAY_NAMES, BROKER_KINDS, type BrokerKind } from '../../../shared/domain/brokers';
import { BrokerRejectedError } from './broker-errors';

const isBrokerKind = (broker: string): broker is BrokerKind => (BROKER_KINDS as readonly string[]).includes(broker);

/**
 * A broker's refusal of an order call (place, modify, cancel, exit) that came from an address not registered
 * for the account (SEBI retail-algo rules; reference/money-hierarchy-egress.md §3.1). Nothing was placed; the
 * user has to register the address (or buy a static IP) before automated orders can work, so the message
 * says what to do. The broker's own code stays in `brokerCode` for support.
 */
export class BrokerUnregisteredIpError extends BrokerRejectedError {
  constructor(broker: string, brokerCode: string | null) {
    const name = isBrokerKind(broker) ? BROKER_DISPLAY_NAMES[broker] : broker;
    const code = brokerCode ? ` (${brokerCode})` : '';
    super(
      broker,
      `${name} refused the order: the IP it came from is not registered for this account${code}. ` +
        "Register your static IP in the broker's API console, or buy one on Static IP.",
      brokerCode,
    );
  }
}

/**
 * Angel One's documented code (reference/brokers.md §3.9, "Unregistered IP"). Zerodha, Upstox, Dhan and Fyers
 * document the rule but not their answer, so for them the refusal is recognised by its text naming the IP
 * (`ipRefusalText`) inside their usual error envelope, whatever code they pick.
 */
export const ANGEL_UNREGISTERED_IP_CODE = 'AG7002';

/** "IP not registered / not whitelisted / unregistered IP / not allowed from this IP", as the brokers word it. */
const IP_REFUSAL_TEXT = /\b(unregistered|un-registered|non-registered|not[ -]registered|not[ -]whitelisted|not[ -]allowed)\b[^.]*\bIPs?\b|\bIPs?\b[^.]*\b(not[ -]registered|not[ -]whitelisted|not[ -]allowed|unregistered|mismatch)\b/i;

export function isIpRefusalText(message: string): boolean {
  return IP_REFUSAL_TEXT.test(message);
}
