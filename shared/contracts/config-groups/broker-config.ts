import * as z from 'zod';
import type { BrokerKind } from '../../domain/brokers';
import { defineConfigGroup, secretField } from './config-group';

/** The brokers a franchise chooses among; paper trading (the built-in simulator) is always offered. */
export const REAL_BROKERS = ['zerodha', 'angelone', 'upstox', 'fyers', 'dhan'] as const satisfies readonly Exclude<BrokerKind, 'paper'>[];
export type RealBroker = (typeof REAL_BROKERS)[number];
/** Every catalog broker but paper is here (a new broker added to BROKER_KINDS and not here fails to compile). */
const everyRealBroker: [Exclude<BrokerKind, 'paper' | RealBroker>] extends [never] ? true : never = true;
void everyRealBroker;

/**
 * The brokers whose apps a franchise may register once for all its users: the fields of the connect form
 * the franchise's app then fills in (the user types only the rest, e.g. the Fyers PIN), and the names of
 * the BROKER_CONFIG fields holding the app's id and secret. Angel One and Dhan log in with each user's own
 * credentials (no app of the platform is involved), so they have none.
 */
export const FRANCHISE_APP_FIELDS = {
  zerodha: { id: 'api_key', secret: 'api_secret', idField: 'kite_api_key', secretField: 'kite_api_secret' },
  upstox: { id: 'api_key', secret: 'api_secret', idField: 'upstox_api_key', secretField: 'upstox_api_secret' },
  fyers: { id: 'app_id', secret: 'app_secret', idField: 'fyers_app_id', secretField: 'fyers_app_secret' },
} as const satisfies Partial<Record<RealBroker, { id: string; secret: string; idField: string; secretField: string }>>;
export type FranchiseAppBroker = keyof typeof FRANCHISE_APP_FIELDS;

export function franchiseAppFieldsOf(broker: BrokerKind): (typeof FRANCHISE_APP_FIELDS)[FranchiseAppBroker] | null {
  return broker in FRANCHISE_APP_FIELDS ? FRANCHISE_APP_FIELDS[broker as FranchiseAppBroker] : null;
}

const appId = (label: string, pattern: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .max(64, `${label}: at most 64 characters.`)
    .refine((value) => value === '' || pattern.test(value), `${label} ${hint}`)
    .default('');
const appSecret = secretField(64, { pattern: /^[A-Za-z0-9]{6,64}$/, message: 'An app secret is 6–64 letters or digits.' });

/** The exchange's algo id a broker puts on this franchise's orders (SEBI algo rules; the compliance issue uses it). */
const algoId = z
  .string()
  .trim()
  .max(40, 'An algo id is at most 40 characters.')
  .regex(/^[A-Za-z0-9_-]*$/, 'An algo id is letters, digits, _ or -.')
  .default('');

/**
 * BROKER_CONFIG: which real brokers the franchise offers (at least one; paper always), its own broker apps
 * (used for its users' logins and orders when a user did not enter an app of their own), and the exchange
 * algo id per broker. An app is in effect when its id is filled in and its secret stored; clearing the id
 * switches the app off.
 */
export const brokerConfigGroup = defineConfigGroup({
  group: 'BROKER_CONFIG',
  title: 'Brokers',
  editors: ['brokerPanel'],
  secretFields: ['kite_api_secret', 'upstox_api_secret', 'fyers_app_secret'],
  fields: z.strictObject({
    allowed_brokers: z
      .array(z.enum(REAL_BROKERS, { error: `A broker is one of ${REAL_BROKERS.join(', ')}.` }))
      .min(1, 'Offer at least one broker.')
      .transform((brokers) => REAL_BROKERS.filter((broker) => brokers.includes(broker))),
    kite_api_key: appId('The Kite API key', /^[A-Za-z0-9]{6,64}$/, 'must be 6–64 letters or digits.'),
    kite_api_secret: appSecret,
    upstox_api_key: appId('The Upstox API key', /^[A-Za-z0-9-]{6,64}$/, 'must be 6–64 letters, digits or dashes.'),
    upstox_api_secret: appSecret,
    fyers_app_id: appId('The Fyers app ID', /^[A-Za-z0-9]{4,32}-\d{3}$/, 'must look like XXXXXXXXXX-100.'),
    fyers_app_secret: appSecret,
    algo_ids: z
      .strictObject({ zerodha: algoId, angelone: algoId, upstox: algoId, fyers: algoId, dhan: algoId })
      .default({ zerodha: '', angelone: '', upstox: '', fyers: '', dhan: '' }),
  }),
});
export type BrokerConfigFields = z.infer<typeof brokerConfigGroup.fields>;

/** What a franchise that never saved BROKER_CONFIG has: every broker, no apps of its own, no algo ids. */
export const DEFAULT_BROKER_CONFIG: BrokerConfigFields = {
  allowed_brokers: [...REAL_BROKERS],
  kite_api_key: '',
  kite_api_secret: '',
  upstox_api_key: '',
  upstox_api_secret: '',
  fyers_app_id: '',
  fyers_app_secret: '',
  algo_ids: { zerodha: '', angelone: '', upstox: '', fyers: '', dhan: '' },
};

/** The message a connect or reconnect of a broker the franchise does not offer answers. */
export const brokerNotOfferedMessage = (brokerName: string) => `Your broker does not offer ${brokerName} on this platform.`;
