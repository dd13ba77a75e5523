import { COMING_SOON_BROKERS, type CatalogBroker } from '../../../shared/contracts/broker';
import { BROKER_DISPLAY_NAMES, BROKER_KINDS, type BrokerKind } from '../../../shared/domain/brokers';

type CredentialField = CatalogBroker['credential_fields'][number];

/** What each broker asks for when an account is added (the request schemas in the contract check it). */
const CREDENTIAL_FIELDS: Readonly<Record<BrokerKind, readonly CredentialField[]>> = {
  paper: [],
  zerodha: [
    { name: 'api_key', label: 'API key', secret: true },
    { name: 'api_secret', label: 'API secret', secret: true },
  ],
  angelone: [
    { name: 'client_code', label: 'Client code', secret: false },
    { name: 'pin', label: 'PIN', secret: true },
    { name: 'totp_secret', label: 'TOTP secret', secret: true },
    { name: 'api_key', label: 'API key', secret: true },
  ],
  upstox: [
    { name: 'api_key', label: 'API key', secret: true },
    { name: 'api_secret', label: 'API secret', secret: true },
  ],
  fyers: [
    { name: 'app_id', label: 'App ID', secret: false },
    { name: 'app_secret', label: 'App secret', secret: true },
    { name: 'pin', label: 'PIN', secret: true },
  ],
  dhan: [
    { name: 'client_id', label: 'Client ID', secret: false },
    { name: 'pin', label: 'PIN', secret: true },
    { name: 'totp_secret', label: 'TOTP secret', secret: true },
  ],
};

const LOGIN_FLOWS: Readonly<Record<BrokerKind, CatalogBroker['login_flow']>> = {
  paper: 'none',
  zerodha: 'redirect',
  angelone: 'credentials',
  upstox: 'redirect',
  fyers: 'redirect',
  dhan: 'credentials',
};

export function isComingSoon(broker: BrokerKind): boolean {
  return COMING_SOON_BROKERS.some((soon) => soon === broker);
}

/** The catalog, in the order the connect dialog lists it. */
export function brokerCatalog(): CatalogBroker[] {
  return BROKER_KINDS.map((broker) => ({
    broker,
    broker_combined_name: BROKER_DISPLAY_NAMES[broker],
    login_flow: LOGIN_FLOWS[broker],
    coming_soon: isComingSoon(broker),
    credential_fields: [...CREDENTIAL_FIELDS[broker]],
  }));
}
