import { bridgeSecurityKeys } from './bridge-security-repository';
import { brokerAccountKeys, customBridgeKeys, jsonBridgeKeys, orderManagerKeys, signalKeys, type ItemKey } from './keys';

export type { ItemKey };

/** A fan-out's first page of accounts (`PrefetchedItems.prefetchInPages`): read before its first orders go, the others meanwhile. */
export const FIRST_ACCOUNTS_PAGE = 10;

interface Owner {
  readonly frchId: number;
  readonly userId: number;
}

/**
 * The items a use-case may read ahead in one BatchGetItem (item-source.ts `PrefetchedItems`), named by
 * entity: keys are built only in data/, and a use-case asks for "this bridge, that account" by id.
 */
export const prefetchKeys = {
  jsonBridge: (owner: Owner, jsonBridgeId: string): ItemKey => jsonBridgeKeys.item(owner.frchId, owner.userId, jsonBridgeId),
  customBridge: (owner: Owner, bridgeId: string): ItemKey => customBridgeKeys.item(owner.frchId, owner.userId, bridgeId),
  bridgeSecurity: (owner: Owner, bridgeId: string): ItemKey => bridgeSecurityKeys.item(owner.frchId, owner.userId, bridgeId),
  orderGroup: (owner: Owner, ogId: string): ItemKey => orderManagerKeys.group(owner.frchId, owner.userId, ogId),
  brokerAccount: (owner: Owner, brokerId: string): ItemKey => brokerAccountKeys.item(owner.frchId, owner.userId, brokerId),
  signal: (owner: Owner, signalId: string): ItemKey => signalKeys.item(owner.frchId, owner.userId, signalId),
};
