import type { BrokerKind } from '../../../shared/domain/brokers';
import { scriptIdOf, type Instrument } from '../../../shared/domain/instruments';
import { EXCHANGES, exchangeSchema } from '../../../shared/domain/ranges';
import { brokerExchangeCode, EXCHANGE_CODES, type Exchange } from './exchanges';
import { brokerAddressOf } from './instrument-address';
import type { MappedBroker } from './mapped-brokers';

/**
 * Which platform script a broker's position or order-book row is about. The paper broker already
 * speaks the platform's symbols; a real broker's row is looked up through the addresses the master
 * keeps for that broker (`brokerAddressOf`: its token, its symbol key, or the symbol the adapter would
 * send for the instrument), so a row resolves to exactly the instrument an order for it would name.
 * Anything else — a symbol the master has no address for, or one two instruments share — stays
 * unresolved: a wrong script id would let a user square off the wrong contract.
 */
export interface BrokerRowAddress {
  /** The broker's exchange code, as the row gives it. */
  readonly exchange: string;
  readonly tradingSymbol: string;
  /** The broker's instrument token when the row carries one. */
  readonly token: string | null;
}

export interface ResolvedScript {
  readonly instrument: Instrument | null;
  /** The platform exchange: the instrument's when resolved, else the row's code when it names one exchange only. */
  readonly exchange: Exchange | null;
}

export type ScriptResolver = (row: BrokerRowAddress) => ResolvedScript;

/** The part of the loaded master the resolvers read. */
export interface MasterView {
  readonly instruments: readonly Instrument[];
  readonly byScriptId: ReadonlyMap<string, Instrument>;
}

/** Broker key → instrument; null marks a key two instruments share (never resolved). */
type AddressIndex = Map<string, Instrument | null>;

interface BrokerIndex {
  readonly byToken: AddressIndex;
  readonly bySymbol: AddressIndex;
}

const tokenKey = (exchange: string, token: string) => `${exchange}|${token}`;
const symbolKey = (exchange: string, symbol: string) => `${exchange}:${symbol}`;

function remember(index: AddressIndex, key: string, instrument: Instrument): void {
  index.set(key, index.has(key) ? null : instrument);
}

function buildIndex(broker: MappedBroker, master: MasterView): BrokerIndex {
  const index: BrokerIndex = { byToken: new Map(), bySymbol: new Map() };
  for (const instrument of master.instruments) {
    const address = brokerAddressOf(broker, instrument);
    if (!address) continue;
    if (address.token !== null) remember(index.byToken, tokenKey(address.exchange, address.token), instrument);
    if (address.tradingSymbol !== null) remember(index.bySymbol, symbolKey(address.exchange, address.tradingSymbol), instrument);
  }
  return index;
}

/** Built once per loaded master and broker: a real master holds ~100k instruments. */
const indexes = new WeakMap<MasterView, Map<MappedBroker, BrokerIndex>>();

function indexOf(broker: MappedBroker, master: MasterView): BrokerIndex {
  const perBroker = indexes.get(master) ?? new Map<MappedBroker, BrokerIndex>();
  indexes.set(master, perBroker);
  const known = perBroker.get(broker);
  if (known) return known;
  const built = buildIndex(broker, master);
  perBroker.set(broker, built);
  return built;
}

/** The platform exchange a broker code stands for, or null when it names none or several (Fyers' NSE is NSE and NFO). */
export function soleExchangeOf(broker: MappedBroker, code: string): Exchange | null {
  const matches = EXCHANGES.filter((exchange) => EXCHANGE_CODES[broker][exchange] === code);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/**
 * Rows name the exchange in the broker's code (Kite, Angel) or already in the platform's (Upstox books say
 * NSE/NFO; the Dhan and Fyers readers translate theirs), while the index is keyed by the broker's code.
 */
function rowExchange(broker: MappedBroker, exchange: string): { readonly code: string; readonly platform: Exchange | null } {
  const platform = exchangeSchema.safeParse(exchange);
  if (platform.success) return { code: brokerExchangeCode(broker, platform.data), platform: platform.data };
  return { code: exchange, platform: soleExchangeOf(broker, exchange) };
}

function brokerResolver(broker: MappedBroker) {
  return (master: MasterView): ScriptResolver => {
    const index = indexOf(broker, master);
    return (row) => {
      const { code, platform } = rowExchange(broker, row.exchange);
      const byToken = row.token === null ? undefined : index.byToken.get(tokenKey(code, row.token));
      const instrument = byToken ?? index.bySymbol.get(symbolKey(code, row.tradingSymbol)) ?? null;
      return { instrument, exchange: instrument?.exchange ?? platform };
    };
  };
}

/** The paper broker's rows carry the platform's own exchange and symbol. */
function paperResolver(master: MasterView): ScriptResolver {
  return (row) => {
    const exchange = exchangeSchema.safeParse(row.exchange);
    if (!exchange.success) return { instrument: null, exchange: null };
    return { instrument: master.byScriptId.get(scriptIdOf(exchange.data, row.tradingSymbol)) ?? null, exchange: exchange.data };
  };
}

const RESOLVERS: Readonly<Record<BrokerKind, (master: MasterView) => ScriptResolver>> = {
  paper: paperResolver,
  zerodha: brokerResolver('zerodha'),
  angelone: brokerResolver('angelone'),
  upstox: brokerResolver('upstox'),
  fyers: brokerResolver('fyers'),
  dhan: brokerResolver('dhan'),
};

export function scriptResolverOf(broker: BrokerKind, master: MasterView): ScriptResolver {
  return RESOLVERS[broker](master);
}
