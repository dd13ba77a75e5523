import * as z from 'zod';
import type { CallContract } from '../../shared/contracts/define-call';
import { MAX_WATCHLIST_ENTRIES } from '../../shared/contracts/watchlist';
import { addWatchlistEntry } from '../../functions/data/watchlist-repository';
import { findScript } from '../../functions/market/ltp';
import { connectAccount } from '../../functions/broker/accounts/connect-account';
import { createLogger } from '../../functions/platform/logger';
import type { TestUser } from './users';

/** How to create an object owned by `owner` and name it in a call, for the ownership matrix. */
export interface OwnershipCase {
  arrange(owner: TestUser): Promise<{ body?: unknown; pathParams?: Record<string, string> }>;
}

/** A paper account of the owner (made by the connect use-case), named by `broker_id`; `extra` completes the body. */
function brokerAccountCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { account } = await connectAccount({ frchId: owner.user.frch_id, userId: owner.user.user_id }, { broker: 'paper' }, createLogger());
      return { body: { broker_id: account.broker_id, ...extra } };
    },
  };
}

/**
 * One entry per contract that names an object by id (keyed by operationId). Later issues add an
 * entry with each such route; the matrix test fails for any id-taking route without one.
 */
export const OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'users.watchlist.removewatchlist': {
    async arrange(owner) {
      const added = await addWatchlistEntry({ frchId: owner.user.frch_id, userId: owner.user.user_id }, await findScript('NSE:SBIN'), MAX_WATCHLIST_ENTRIES);
      if (added.kind !== 'added') throw new Error(`could not arrange a watch list entry: ${added.kind}`);
      return { body: { watchlist_id: added.entry.watchlistId } };
    },
  },
  'users.broker.getbrokerinfo': brokerAccountCase(),
  'users.broker.reconnect': brokerAccountCase(),
  'users.broker.addbrokernote': brokerAccountCase({ note: 'not yours' }),
  'users.broker.updatebrokersubscription': brokerAccountCase({ plan_id: 'monthly', idempotency_key: 'ownership-matrix-key' }),
  'users.broker.refresh': brokerAccountCase(),
  'users.broker.updatebrokertradingflag': brokerAccountCase({ trading_enabled: true }),
  'users.broker.updateautorenewflag': brokerAccountCase({ auto_renew: true }),
  'users.broker.getdeleterefundnote': brokerAccountCase(),
  'users.broker.removebroker': brokerAccountCase(),
};

/**
 * Exemptions, by operationId and field, for id fields that name something public rather than a
 * user's object, each with its reason. Only the listed fields are exempt: a call that also names an
 * owned object by another field still needs an ownership case.
 */
export const NOT_OWNED_IDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'scripts.getltp': { script_id: 'names an instrument of the shared instrument master, which every signed-in user may price' },
  'users.watchlist.addtowatchlist': { script_id: "names an instrument of the shared instrument master; the entry goes to the caller's own list" },
};

const ID_FIELD = /(^|_)id$|^id$|_key$/;

function objectKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The fields (or path parameters) by which a call names an object. */
export function idInputsOf(contract: CallContract): string[] {
  const pathParams = contract.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? [];
  return [...pathParams, ...objectKeys(contract.request).filter((key) => ID_FIELD.test(key))];
}

/** The id inputs of a call that name a user's object (all of them, less the call's `NOT_OWNED_IDS`). */
export function ownedIdInputsOf(contract: CallContract): string[] {
  const exempt = NOT_OWNED_IDS[contract.operationId] ?? {};
  return idInputsOf(contract).filter((input) => !(input in exempt));
}

/** Calls that need an ownership case: signed-in calls that name a user's object. */
export function idTakingContracts(contracts: readonly CallContract[]): CallContract[] {
  return contracts.filter((contract) => contract.role !== 'public' && ownedIdInputsOf(contract).length > 0);
}
