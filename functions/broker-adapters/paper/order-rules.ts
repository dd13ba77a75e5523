import { PRODUCT_EXCHANGES } from '../../../shared/domain/product-exchanges';
import { ORDER_TAG_MAX_LENGTH } from '../../../shared/domain/brokers';
import type { OrderRequest } from '../broker-adapter';
import type { PaperAccountState } from './account-state';
import { availableFunds } from './funds';
import { clockTextOf, type MarketHours } from './market-hours';
import { requiredMargin, sellableHoldings } from './order-margin';
import { isOnTick } from '../../../shared/domain/tick-math';
import type { Exchange, Product } from './vocabulary';

/**
 * The paper exchange's pre-trade checks, in the order a broker's RMS would run them; the first that
 * fails names the rejection. MARKET orders ignore any price or trigger sent with them.
 */
export interface OrderCheck {
  readonly state: PaperAccountState;
  readonly request: OrderRequest;
  readonly now: Date;
  readonly ltp: number;
  readonly hours: MarketHours;
  /** The order being modified, which neither blocks nor counts against itself; null for a new order. */
  readonly replacing: { readonly id: string; readonly blockedMargin: number } | null;
}

type OrderRule = (check: OrderCheck) => string | null;

/** Products that carry shares one owns: they cannot be sold short (no securities lending here). */
const SHORT_SELLING_ALLOWED: Readonly<Record<Product, boolean>> = {
  INTRADAY: true,
  CARRYFORWARD: true,
  DELIVERY: false,
  MARGIN: false,
};

const TAG_PATTERN = new RegExp(`^[A-Za-z0-9]{0,${ORDER_TAG_MAX_LENGTH}}$`);

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

function needsLimitPrice(request: OrderRequest): boolean {
  return request.orderType !== 'MARKET';
}

const marketMustBeOpen: OrderRule = ({ request, now, hours }) =>
  hours.isOpen(request.instrument, now)
    ? null
    : `${request.instrument.exchange} is closed at ${clockTextOf(now)} IST; paper orders are accepted only during market hours`;

const productMustSuitExchange: OrderRule = ({ request }) =>
  PRODUCT_EXCHANGES[request.product].includes(request.instrument.exchange)
    ? null
    : `${request.product} is not available on ${request.instrument.exchange} (DELIVERY and MARGIN: NSE/BSE; CARRYFORWARD: NFO/BFO/MCX)`;

const tagMustBeShortAlphanumeric: OrderRule = ({ request }) =>
  TAG_PATTERN.test(request.tag) ? null : `Tag "${request.tag}" must be at most ${ORDER_TAG_MAX_LENGTH} letters or digits`;

const quantityMustBeWholeLots: OrderRule = ({ request }) => {
  const { quantity, instrument } = request;
  const valid = Number.isInteger(quantity) && quantity > 0 && quantity % instrument.lot_size === 0;
  return valid ? null : `Quantity ${quantity} is not a positive multiple of the lot size ${instrument.lot_size}`;
};

const limitPriceRequired: OrderRule = ({ request }) =>
  !needsLimitPrice(request) || (request.price !== null && request.price > 0)
    ? null
    : `${request.orderType} orders need a price above 0`;

const triggerRequired: OrderRule = ({ request }) =>
  request.orderType !== 'SL' || (request.triggerPrice !== null && request.triggerPrice > 0)
    ? null
    : 'SL orders need a trigger price above 0';

const priceMustBeOnTick: OrderRule = ({ request }) =>
  !needsLimitPrice(request) || request.price === null || isOnTick(request.price, request.instrument.tick_size)
    ? null
    : `Price ${request.price} is not a multiple of the tick size ${request.instrument.tick_size}`;

const triggerMustBeOnTick: OrderRule = ({ request }) =>
  request.orderType !== 'SL' || request.triggerPrice === null || isOnTick(request.triggerPrice, request.instrument.tick_size)
    ? null
    : `Trigger price ${request.triggerPrice} is not a multiple of the tick size ${request.instrument.tick_size}`;

/** A stop-limit buy triggers on the way up, so its limit sits at or above the trigger (and vice versa). */
const triggerMustSitBehindPrice: OrderRule = ({ request }) => {
  if (request.orderType !== 'SL' || request.price === null || request.triggerPrice === null) return null;
  if (request.action === 'BUY' && request.triggerPrice > request.price) {
    return `An SL BUY order's trigger price ${request.triggerPrice} must not be above its price ${request.price}`;
  }
  if (request.action === 'SELL' && request.triggerPrice < request.price) {
    return `An SL SELL order's trigger price ${request.triggerPrice} must not be below its price ${request.price}`;
  }
  return null;
};

/** After the intraday square-off no new INTRADAY orders (unless the exchange is simulated as always open). */
const intradayMustBeBeforeSquareOff: OrderRule = ({ request, now, hours }) => {
  if (request.product !== 'INTRADAY' || hours.alwaysOpen || !hours.isPastSquareOff(request.instrument, now)) return null;
  const squareOffAt = hours.lastSquareOff(request.instrument, now);
  const time = squareOffAt === null ? 'the square-off' : `${clockTextOf(squareOffAt)} IST`;
  return `INTRADAY orders on ${request.instrument.exchange} are closed after the intraday square-off at ${time}`;
};

const sellMustBeCoveredByHoldings: OrderRule = ({ state, request, replacing }) => {
  if (request.action !== 'SELL' || SHORT_SELLING_ALLOWED[request.product]) return null;
  const sellable = sellableHoldings(state, request, replacing?.id ?? null);
  return request.quantity <= sellable
    ? null
    : `Insufficient holdings: ${request.product} sell of ${request.quantity} ${request.instrument.trading_symbol} exceeds the ${sellable} held`;
};

const marginMustBeAvailable: OrderRule = ({ state, request, ltp, replacing }) => {
  const required = requiredMargin(state, request, ltp, replacing?.id ?? null);
  const available = availableFunds(state) + (replacing?.blockedMargin ?? 0);
  return required <= available
    ? null
    : `Insufficient paper funds: margin required ${rupees.format(required)}, available ${rupees.format(Math.max(0, available))}`;
};

export const ORDER_RULES: readonly OrderRule[] = [
  marketMustBeOpen,
  productMustSuitExchange,
  tagMustBeShortAlphanumeric,
  quantityMustBeWholeLots,
  limitPriceRequired,
  triggerRequired,
  priceMustBeOnTick,
  triggerMustBeOnTick,
  triggerMustSitBehindPrice,
  intradayMustBeBeforeSquareOff,
  sellMustBeCoveredByHoldings,
  marginMustBeAvailable,
];

/** The reason the first failing rule gives, or null when the order may be accepted. */
export function rejectionOf(check: OrderCheck): string | null {
  for (const rule of ORDER_RULES) {
    const reason = rule(check);
    if (reason !== null) return reason;
  }
  return null;
}
