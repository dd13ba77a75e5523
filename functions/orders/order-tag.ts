import { ORDER_TAG_MAX_LENGTH } from '../../shared/domain/brokers';

/**
 * The client tag an order carries at the broker: the last 20 characters of its ULID id (the low time
 * bits and all 80 random bits, Crockford base-32, so letters and digits only). Fresh for every order,
 * and the way an ambiguous outcome is found again in the broker's order book.
 */
export function tagOfOrder(orderId: string): string {
  return orderId.slice(-ORDER_TAG_MAX_LENGTH);
}
