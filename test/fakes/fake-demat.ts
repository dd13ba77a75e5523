/**
 * What the broker fakes share about the demat account and pre-trade margins. Each fake keeps the
 * documented wire shapes of its own broker; this module only keeps the books behind them.
 *
 * Holdings: seeded, or made by delivery (CNC) fills. When a fake is told the day has ended, the
 * shares bought that day arrive as T1 (bought, not yet delivered), the T1 of the day before settles,
 * and the day's delivery sells leave (settled shares first, then T1). The close of each script is its
 * last price at the day's end.
 *
 * Margins, a plausible rule (the brokers' own are SPAN files and RMS settings):
 * | product          | buy                         | sell                         |
 * |------------------|-----------------------------|------------------------------|
 * | delivery         | 100 % of value              | 0 (delivers shares held)     |
 * | mtf              | 50 % of value               | 0                            |
 * | intraday equity  | 20 % of value               | 20 % of value                |
 * | futures (any)    | 12 % of value               | 12 % of value                |
 * | options (any)    | 100 % of premium            | 12 % of premium × 10         |
 * Value = quantity × (the order's price, or the last price for MARKET).
 */
export interface FakeHoldingSeed {
  readonly exchange: string;
  /** The broker's own trading symbol. */
  readonly symbol: string;
  /** Settled units. */
  readonly quantity: number;
  /** Units bought the session before, not yet delivered. */
  readonly t1Quantity?: number;
  readonly averagePrice: number;
  /** The previous session's close; none when left out. */
  readonly closePrice?: number;
  readonly isin?: string;
}

export interface FakeHolding {
  readonly exchange: string;
  readonly symbol: string;
  readonly quantity: number;
  readonly t1Quantity: number;
  readonly averagePrice: number;
  readonly closePrice: number | null;
  readonly isin: string;
}

/** A filled delivery order of the day, in the broker's own names. */
export interface FakeDeliveryFill {
  readonly exchange: string;
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: number;
  readonly price: number;
}

export interface FakeDemat {
  holdings(): readonly FakeHolding[];
  /** The day is over: T1 settles, the day's delivery buys arrive as T1, its sells leave; closes are the last prices. */
  endDay(fills: readonly FakeDeliveryFill[], closeOf: (exchange: string, symbol: string) => number | undefined): void;
}

const keyOf = (exchange: string, symbol: string) => `${exchange}|${symbol}`;

/** A made-up but well-formed ISIN for a script the test did not give one. */
const isinOf = (symbol: string) => `INE${symbol.replace(/[^A-Z0-9]/g, '').slice(0, 6).padEnd(6, '0')}01018`;

export function createFakeDemat(seed: readonly FakeHoldingSeed[] = []): FakeDemat {
  const book = new Map<string, FakeHolding>(
    seed.map((lot) => [
      keyOf(lot.exchange, lot.symbol),
      { exchange: lot.exchange, symbol: lot.symbol, quantity: lot.quantity, t1Quantity: lot.t1Quantity ?? 0, averagePrice: lot.averagePrice, closePrice: lot.closePrice ?? null, isin: lot.isin ?? isinOf(lot.symbol) },
    ]),
  );

  const endDay: FakeDemat['endDay'] = (fills, closeOf) => {
    for (const [key, holding] of book) book.set(key, { ...holding, quantity: holding.quantity + holding.t1Quantity, t1Quantity: 0 });
    for (const fill of fills) {
      const key = keyOf(fill.exchange, fill.symbol);
      const held = book.get(key) ?? { exchange: fill.exchange, symbol: fill.symbol, quantity: 0, t1Quantity: 0, averagePrice: 0, closePrice: null, isin: isinOf(fill.symbol) };
      if (fill.side === 'BUY') {
        const units = held.quantity + held.t1Quantity + fill.quantity;
        const averagePrice = ((held.quantity + held.t1Quantity) * held.averagePrice + fill.quantity * fill.price) / units;
        book.set(key, { ...held, t1Quantity: held.t1Quantity + fill.quantity, averagePrice });
      } else {
        const fromSettled = Math.min(held.quantity, fill.quantity);
        const fromT1 = Math.min(held.t1Quantity, fill.quantity - fromSettled);
        book.set(key, { ...held, quantity: held.quantity - fromSettled, t1Quantity: held.t1Quantity - fromT1 });
      }
    }
    for (const [key, holding] of book) {
      if (holding.quantity + holding.t1Quantity <= 0) book.delete(key);
      else book.set(key, { ...holding, closePrice: closeOf(holding.exchange, holding.symbol) ?? holding.closePrice });
    }
  };

  return { holdings: () => [...book.values()], endDay };
}

export type FakeMarginProduct = 'delivery' | 'mtf' | 'intraday' | 'carryforward';

export interface FakeMarginOrder {
  readonly product: FakeMarginProduct;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: number;
  /** The order's price, or the last price for MARKET. */
  readonly price: number;
  readonly derivative: boolean;
  readonly option: boolean;
}

const rounded = (amount: number) => Math.round(amount * 100) / 100;

/** The fakes' margin for one order (see the table above). */
export function fakeOrderMargin(order: FakeMarginOrder): number {
  const value = order.quantity * order.price;
  if (order.option) return rounded(order.side === 'BUY' ? value : value * 0.12 * 10);
  if (order.derivative) return rounded(value * 0.12);
  if (order.product === 'delivery') return order.side === 'BUY' ? rounded(value) : 0;
  if (order.product === 'mtf') return order.side === 'BUY' ? rounded(value * 0.5) : 0;
  return rounded(value * 0.2);
}

/** Whether a broker symbol names an option (…CE / …PE, with Angel's and Fyers' spellings alike). */
export const isOptionSymbol = (symbol: string) => /(CE|PE)$/.test(symbol);
