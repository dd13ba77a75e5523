import type { z } from 'zod';
import {
  angelCredentialsSchema,
  type CatalogBroker,
  dhanCredentialsSchema,
  fyersConnectCredentialsSchema,
  fyersCredentialsSchema,
  upstoxConnectCredentialsSchema,
  upstoxCredentialsSchema,
  zerodhaConnectCredentialsSchema,
  zerodhaCredentialsSchema,
  type ConnectBrokerRequest,
} from '@shared/contracts/broker';
import type { BrokerKind } from '@shared/domain/brokers';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';

/** The brokers the dialog has a request for (a catalog entry marked coming soon is still refused: see isConnectableEntry). */
export type ConnectableBroker = BrokerKind;

export type CredentialValues = Readonly<Record<string, string>>;

/** Either a request ready to send or the message per credential field that stops it. */
export type ConnectAttempt = { request: ConnectBrokerRequest } | { errors: FieldErrors };

function withCredentials<S extends z.ZodType>(
  schema: S,
  values: CredentialValues,
  build: (credentials: z.output<S>) => ConnectBrokerRequest,
): ConnectAttempt {
  const parsed = schema.safeParse(values);
  return parsed.success ? { request: build(parsed.data) } : { errors: fieldErrorsOf(schema, values) };
}

/**
 * How each connectable broker turns the dialog's fields into a connect request, checked by the contract's
 * schema. With the franchise's own app (`franchise_app`), the app's key and secret are not asked for.
 */
const CONNECT_REQUESTS: Readonly<Record<ConnectableBroker, (values: CredentialValues, franchiseApp: boolean) => ConnectAttempt>> = {
  paper: () => ({ request: { broker: 'paper' } }),
  zerodha: (values, franchiseApp) =>
    withCredentials(franchiseApp ? zerodhaConnectCredentialsSchema : zerodhaCredentialsSchema, values, (credentials) => ({ broker: 'zerodha', credentials })),
  angelone: (values) => withCredentials(angelCredentialsSchema, values, (credentials) => ({ broker: 'angelone', credentials })),
  upstox: (values, franchiseApp) =>
    withCredentials(franchiseApp ? upstoxConnectCredentialsSchema : upstoxCredentialsSchema, values, (credentials) => ({ broker: 'upstox', credentials })),
  fyers: (values, franchiseApp) =>
    withCredentials(franchiseApp ? fyersConnectCredentialsSchema : fyersCredentialsSchema, values, (credentials) => ({ broker: 'fyers', credentials })),
  dhan: (values) => withCredentials(dhanCredentialsSchema, values, (credentials) => ({ broker: 'dhan', credentials })),
};

export function isConnectable(broker: BrokerKind): broker is ConnectableBroker {
  return broker in CONNECT_REQUESTS;
}

export function connectAttempt(broker: ConnectableBroker, values: CredentialValues, franchiseApp = false): ConnectAttempt {
  return CONNECT_REQUESTS[broker](values, franchiseApp);
}

/** A catalog entry the connect dialog can handle. */
export type ConnectableCatalogBroker = CatalogBroker & { broker: ConnectableBroker };

export function isConnectableEntry(entry: CatalogBroker): entry is ConnectableCatalogBroker {
  return !entry.coming_soon && isConnectable(entry.broker);
}
