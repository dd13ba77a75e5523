import { PRODUCT_EXCHANGES } from '../../../shared/domain/product-exchanges';
import { ORDER_TAG_MAX_LENGTH } from '../../../shared/domain/brokers';
import type { OrderRequest } from '../broker-adapter';
import type { Exchange } from './exchanges';
import type { Product } from './products';

/** Exchanges whose quantity must be a whole number of lots (units = lots × lot size). */
const LOT_MULTIPLE_EXCHANGES: readonly Exchange[] = ['NFO', 'BFO'];

const TAG_PATTERN = new RegExp(`^[A-Za-z0-9]{1,${ORDER_TAG_MAX_LENGTH}}$`);

function isPositive(value: number | null): boolean {
  return value !== null && Number.isFinite(value) && value > 0;
}

/** Why this order must not be sent to any broker, or null when it is well-formed. */
export function orderRequestProblem(order: OrderRequest): string | null {
  const { instrument } = order;
  if (!TAG_PATTERN.test(order.tag)) return `Order tag must be 1-${ORDER_TAG_MAX_LENGTH} letters or digits`;
  if (!Number.isInteger(order.quantity) || order.quantity <= 0) return 'Quantity must be a positive whole number';
  if (LOT_MULTIPLE_EXCHANGES.includes(instrument.exchange) && order.quantity % instrument.lot_size !== 0) {
    return `Quantity must be a multiple of the lot size ${instrument.lot_size}`;
  }
  if (!PRODUCT_EXCHANGES[order.product].includes(instrument.exchange)) {
    return `Product ${order.product} is not allowed on ${instrument.exchange}`;
  }
  if (order.orderType !== 'MARKET' && !isPositive(order.price)) return `${order.orderType} orders need a price`;
  if (order.orderType === 'SL' && !isPositive(order.triggerPrice)) return 'SL orders need a trigger price';
  return null;
}
