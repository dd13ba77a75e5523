import {
  DEFAULT_BROKER_CONFIG,
  FRANCHISE_APP_FIELDS,
  type BrokerConfigFields,
  type FranchiseAppBroker,
} from '../../../shared/contracts/config-groups/broker-config';
import type { BrokerKind } from '../../../shared/domain/brokers';
import { cachedConfig } from '../../panel-configs/config-cache';
import { openConfigSecrets, readConfigFields } from '../../panel-configs/read-panel-configs';

/** A broker app the franchise registered: its id (Kite/Upstox API key, Fyers app id) and secret. */
export interface FranchiseApp {
  readonly id: string;
  readonly secret: string;
}

/** What BROKER_CONFIG makes the broker flows do for one franchise. */
export interface FranchiseBrokerConfig {
  /** The brokers its users may connect (paper always). */
  readonly offered: ReadonlySet<BrokerKind>;
  /** Its own apps, only those with both an id and a stored secret. */
  readonly apps: Readonly<Partial<Record<FranchiseAppBroker, FranchiseApp>>>;
  readonly algoIds: BrokerConfigFields['algo_ids'];
}

async function loadFranchiseBrokerConfig(frchId: number): Promise<FranchiseBrokerConfig> {
  const fields = (await readConfigFields(frchId, 'BROKER_CONFIG')) ?? DEFAULT_BROKER_CONFIG;
  const anyApp = Object.values(FRANCHISE_APP_FIELDS).some((app) => fields[app.idField] !== '');
  const secrets = anyApp ? await openConfigSecrets(frchId, 'BROKER_CONFIG') : {};
  const apps: Partial<Record<FranchiseAppBroker, FranchiseApp>> = {};
  for (const [broker, app] of Object.entries(FRANCHISE_APP_FIELDS) as [FranchiseAppBroker, (typeof FRANCHISE_APP_FIELDS)[FranchiseAppBroker]][]) {
    const id = fields[app.idField];
    const secret = secrets[app.secretField] ?? '';
    if (id !== '' && secret !== '') apps[broker] = { id, secret };
  }
  return { offered: new Set<BrokerKind>(['paper', ...fields.allowed_brokers]), apps, algoIds: fields.algo_ids };
}

/** The franchise's broker setup (cached briefly; a save forgets it). */
export function franchiseBrokerConfig(frchId: number): Promise<FranchiseBrokerConfig> {
  return cachedConfig(frchId, 'BROKER_CONFIG', () => loadFranchiseBrokerConfig(frchId));
}
