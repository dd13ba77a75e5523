import { COMING_SOON_BROKERS, type CatalogBroker } from '../../../shared/contracts/broker';
import { franchiseAppFieldsOf, type FranchiseAppBroker } from '../../../shared/contracts/config-groups/broker-config';
import { BROKER_DISPLAY_NAMES, BROKER_KINDS, type BrokerKind } from '../../../shared/domain/brokers';
import type { FranchiseBrokerConfig } from '../sessions/franchise-broker-config';

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

/**
 * The catalog of the caller's franchise, in the order the connect dialog lists it: only the brokers it
 * offers (BROKER_CONFIG; paper always), and where the franchise registered its own broker app, without the
 * app's key and secret fields (the user enters only the rest, e.g. the Fyers PIN).
 */
export function brokerCatalog(config: FranchiseBrokerConfig): CatalogBroker[] {
  return BROKER_KINDS.filter((broker) => config.offered.has(broker)).map((broker) => {
    const app = franchiseAppFieldsOf(broker);
    const franchiseApp = Boolean(app && config.apps[broker as FranchiseAppBroker]);
    const fields = CREDENTIAL_FIELDS[broker].filter((field) => !franchiseApp || (field.name !== app?.id && field.name !== app?.secret));
    return {
      broker,
      broker_combined_name: BROKER_DISPLAY_NAMES[broker],
      login_flow: LOGIN_FLOWS[broker],
      coming_soon: isComingSoon(broker),
      credential_fields: fields,
      franchise_app: franchiseApp,
    };
  });
}
