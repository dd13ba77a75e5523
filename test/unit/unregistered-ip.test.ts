import { describe, expect, it } from 'vitest';
import { BrokerRejectedError } from '../../functions/broker-adapters/http/broker-errors';
import { BrokerUnregisteredIpError, isIpRefusalText } from '../../functions/broker-adapters/http/unregistered-ip';

describe('unregistered-IP refusals', () => {
  it.each([
    'Unregistered IP',
    'Static IP not whitelisted: order requests must come from the IP registered for this client (IP not registered).',
    'Request IP is not registered for this app',
    'Orders from non-registered IPs are not accepted',
    'IP mismatch between token generation and order placement',
  ])('reads "%s" as an IP refusal', (message) => {
    expect(isIpRefusalText(message)).toBe(true);
  });

  it.each([
    'Missing header x-clientpublicip',
    'Invalid input passed to the API',
    'Order cannot be modified as it is complete.',
    'Trigger Price should be greater than Price',
    'Recipient not allowed. Update your IP whitelist in the console first', // "not allowed" and "IP" in different sentences
  ])('does not read "%s" as one', (message) => {
    expect(isIpRefusalText(message)).toBe(false);
  });

  it('tells the user what to do, names the broker and its code, and is still a rejection', () => {
    const error = new BrokerUnregisteredIpError('angelone', 'AG7002');
    expect(error).toBeInstanceOf(BrokerRejectedError);
    expect(error.brokerCode).toBe('AG7002');
    expect(error.message).toBe(
      "Angel One SmartAPI refused the order: the IP it came from is not registered for this account (AG7002). Register your static IP in the broker's API console, or buy one on Static IP.",
    );
    expect(new BrokerUnregisteredIpError('dhan', null).message).toMatch(/^Dhan refused the order: the IP it came from is not registered for this account\. /);
  });
});
