import { Construct } from 'constructs';
import type { EgressPool } from '../egress/egress-pool';
import { ROUTE_GROUP_NAMES, type RouteGroupName } from '../../shared/contracts/route-groups';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { applyCapabilities, type FunctionCapabilities, type SharedResources } from './function-access';

/**
 * Groups that send to the signal queue: the bridges enqueue webhook signals, and the groups that place
 * orders enqueue each accepted order's status follow-up (ADR 0017: the order answers once the broker
 * accepted it; the signal worker reads its status).
 */
const SIGNAL_SENDERS: ReadonlySet<RouteGroupName> = new Set(['bridge', 'jsonbridge', 'broker', 'watchlist', 'groups', 'ordermanager', 'subusers', 'user']);
/** Groups that encrypt or decrypt user secrets (broker credentials, panel and payment keys). */
/** Groups that open users' sealed secrets: broker sessions for anything that talks to a broker (orders, LTP, copy trading), payment and panel credentials. */
const USER_SECRET_HOLDERS: ReadonlySet<RouteGroupName> = new Set(['broker', 'watchlist', 'scripts', 'groups', 'ordermanager', 'panelconfigs', 'payment', 'subusers']);
/** Groups that store uploaded files (profile pictures, white-label images). */
const FILE_STORERS: ReadonlySet<RouteGroupName> = new Set(['user']);
/** Groups that keep bank transfer receipt images (private uploads, read through the API). */
const RECEIPT_KEEPERS: ReadonlySet<RouteGroupName> = new Set(['payment']);
/** Groups that mail OTPs (forgot password; email and mobile changes). */
const MAIL_SENDERS: ReadonlySet<RouteGroupName> = new Set(['auth', 'user', 'subusers']);
/**
 * Groups whose bundle calls `instrumentMaster()` (script search and LTP, watch list, direct orders): they
 * read the stored daily master. A group that starts using the master must be added here, or it keeps
 * serving the bundled sample (S3 answers it 403, which reads as "nothing stored").
 */
const INSTRUMENT_MASTER_READERS: ReadonlySet<RouteGroupName> = new Set(['broker', 'scripts', 'watchlist', 'groups']);
/** Groups that hash passwords (log in, register, reset and change passwords): Argon2id is a native package. */
const PASSWORD_HASHERS: ReadonlySet<RouteGroupName> = new Set(['auth']);
/**
 * Groups that place, modify or cancel orders or log in to brokers (their calls for an account with a
 * static IP leave through its slot's proxy; `user` squares off on "Stop all automation"), and `ips`, whose
 * egress check asks through a slot: with an egress pool they run in its private subnets. The infra test
 * bundles every entry and fails when one that uses `platform/egress/` is missing here.
 */
export const BROKER_CALLING_GROUPS: ReadonlySet<RouteGroupName> = new Set(['broker', 'groups', 'ordermanager', 'watchlist', 'subusers', 'ips', 'user']);
/** Groups that never read or write the table (`meta`: OpenAPI document and the unknown-path 404). */
const TABLELESS_GROUPS: ReadonlySet<RouteGroupName> = new Set(['meta']);

export function routeGroupCapabilities(group: RouteGroupName): FunctionCapabilities {
  return {
    tableItems: !TABLELESS_GROUPS.has(group),
    sendsSignals: SIGNAL_SENDERS.has(group),
    holdsUserSecrets: USER_SECRET_HOLDERS.has(group),
    pushesRealtime: true,
    storesFiles: FILE_STORERS.has(group),
    sendsMail: MAIL_SENDERS.has(group),
    ...(INSTRUMENT_MASTER_READERS.has(group) ? { instrumentMaster: 'read' as const } : {}),
    ...(RECEIPT_KEEPERS.has(group) ? { keepsReceipts: true } : {}),
  };
}

export interface RouteGroupFunctionsProps {
  readonly tenant: string;
  readonly defaults: FunctionDefaults;
  readonly resources: SharedResources;
  /** The static-IP egress pool, when the tenant has one. */
  readonly egress?: EgressPool;
}

/** One Lambda per route group, entry `functions/<group>/index.ts`, each with its own least-privilege role. */
export class RouteGroupFunctions extends Construct {
  readonly byGroup: ReadonlyMap<RouteGroupName, ApiFunction>;

  constructor(scope: Construct, id: string, props: RouteGroupFunctionsProps) {
    super(scope, id);
    const byGroup = new Map<RouteGroupName, ApiFunction>();
    for (const group of ROUTE_GROUP_NAMES) {
      const egress = BROKER_CALLING_GROUPS.has(group) ? props.egress : undefined;
      const fn = new ApiFunction(this, routeGroupFunctionId(group), {
        defaults: props.defaults,
        entry: `${group}/index.ts`,
        description: `TradeBridge ${props.tenant} route group ${group}`,
        ...(PASSWORD_HASHERS.has(group) ? { nativePackages: ['@node-rs/argon2'] as const } : {}),
        ...(egress ? { network: egress.functionNetwork } : {}),
      });
      applyCapabilities(fn, routeGroupCapabilities(group), props.resources);
      egress?.admit(fn);
      byGroup.set(group, fn);
    }
    this.byGroup = byGroup;
  }

  get(group: RouteGroupName): ApiFunction {
    const fn = this.byGroup.get(group);
    if (!fn) throw new Error(`No function for route group ${group}`);
    return fn;
  }
}

function routeGroupFunctionId(group: RouteGroupName): string {
  return `${group.charAt(0).toUpperCase()}${group.slice(1)}`;
}
