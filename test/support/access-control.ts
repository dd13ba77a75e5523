import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import * as z from 'zod';
import type { CallContract } from '../../shared/contracts/define-call';
import { MAX_WATCHLIST_ENTRIES } from '../../shared/contracts/watchlist';
import { addWatchlistEntry } from '../../functions/data/watchlist-repository';
import { createPayment } from '../../functions/data/payments/payments-repository';
import { attachReceipt } from '../../functions/data/bank-transfers/bank-transfer-receipts-repository';
import { createBankTransfer } from '../../functions/data/bank-transfers/bank-transfers-repository';
import { findScript } from '../../functions/market/ltp';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { now } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { recordSubmitted } from '../../functions/data/orders/broker-order-lookup';
import { writeOrderIntent } from '../../functions/data/orders/order-placement';
import { addChild } from '../../functions/groups/use-cases/group-children';
import { connectMaster } from '../../functions/groups/use-cases/group-master';
import { placeGroupOrder } from '../../functions/groups/use-cases/group-fan-out';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { updateGroupSettings } from '../../functions/data/groups/group';
import { putStrategyDirectoryEntry } from '../../functions/data/strategies/strategy-access-repository';
import { addOrderGroup } from '../../functions/ordermanager/order-groups';
import { addPosition } from '../../functions/ordermanager/position-book';
import { addJsonBridge, connectToOrderGroup } from '../../functions/jsonbridge/json-bridges';
import { storeSignal } from '../../functions/data/signals-repository';
import { addBridge } from '../../functions/bridge/custom-bridges';
import { addBridgeTrigger } from '../../functions/bridge/bridge-triggers';
import { testLoginContext } from './login-context';
import { namesManagedUser } from './sub-user-access';
import { arrangeAssignedSlot } from './static-ip-slots';
import { multipartForm, TEST_PNG } from './multipart-form';
import type { TestUser } from './users';

/** How to create an object owned by `owner` and name it in a call, for the ownership matrix. */
export interface OwnershipCase {
  /** `form` for multipart calls: the encoded form (text fields and files) sent in place of a JSON body. */
  arrange(owner: TestUser): Promise<{ body?: unknown; pathParams?: Record<string, string>; form?: { rawBody: Uint8Array<ArrayBuffer>; contentType: string } }>;
}

/** A paper account of the owner (made by the connect use-case), named by `broker_id`; `extra` completes the body. */
function brokerAccountCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { account } = await connectAccount({ frchId: owner.user.frch_id, userId: owner.user.user_id }, { broker: 'paper' }, testLoginContext());
      return { body: { broker_id: account.broker_id, ...extra } };
    },
  };
}

/** A paper account of the owner with one pending order on it, recorded as submitted (written straight through the orders repository). */
async function submittedOrderOf(owner: TestUser): Promise<{ brokerId: string; orderId: string; brokerOrderId: string }> {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const { account } = await connectAccount(ownerKey, { broker: 'paper' }, testLoginContext());
  const orderId = ulid();
  const brokerOrderId = `${account.broker_id}-O1`;
  const written = await writeOrderIntent(
    ownerKey,
    {
      order_id: orderId,
      tag: orderId.slice(-20),
      broker_id: account.broker_id,
      broker: 'paper',
      origin: 'manual',
      instrument: await findScript('NSE:SBIN'),
      transaction_type: 'BUY',
      order_type: 'LIMIT',
      product: 'DELIVERY',
      quantity: 1,
      price: 1,
      trigger_price: null,
      status: 'pending',
      submission: 'SUBMITTING',
      broker_order_id: null,
      reason: null,
      filled_quantity: 0,
      average_price: null,
    },
    null,
    'arranged by the ownership matrix',
    now(),
  );
  if (written.kind !== 'written') throw new Error('could not arrange an order');
  await recordSubmitted(ownerKey, written.order, brokerOrderId, 'arranged by the ownership matrix');
  return { brokerId: account.broker_id, orderId, brokerOrderId };
}

/** An order of the owner named by `order_id`; `extra` completes the body. */
function orderCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { orderId } = await submittedOrderOf(owner);
      return { body: { order_id: orderId, ...extra } };
    },
  };
}

/** Issue 5 (groups): a group of the owner (made by the use-cases), with a connected paper account, a child or a master as the call needs. */
async function ownerGroupOf(owner: TestUser) {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const group = await addGroup(ownerKey, { grp_name: 'Ownership matrix', trading_enabled: false, place_rejected: false });
  const { account } = await connectAccount(ownerKey, { broker: 'paper' }, testLoginContext());
  return { ownerKey, groupId: group.grp_id, accountId: account.broker_id };
}

function groupCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { groupId } = await ownerGroupOf(owner);
      return { body: { group_id: groupId, ...extra } };
    },
  };
}

/** The owner's group and one of the owner's connected accounts that is not yet in it. */
function groupAndAccountCase(): OwnershipCase {
  return {
    async arrange(owner) {
      const { groupId, accountId } = await ownerGroupOf(owner);
      return { body: { group_id: groupId, broker_id: accountId } };
    },
  };
}

function groupChildCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { ownerKey, groupId, accountId } = await ownerGroupOf(owner);
      const child = await addChild(ownerKey, groupId, accountId, { multiplier: 1, trading_enabled: true });
      return { body: { group_id: groupId, grp_broker_id: child.grp_broker_id, ...extra } };
    },
  };
}

const GROUP_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'users.groups.updategrouptradingflag': groupCase({ trading_enabled: true }),
  'users.groups.updateplacerejected': groupCase({ place_rejected: true }),
  'users.groups.connectmaster': groupAndAccountCase(),
  'users.groups.disconnectmaster': {
    async arrange(owner) {
      const { ownerKey, groupId, accountId } = await ownerGroupOf(owner);
      await connectMaster(ownerKey, groupId, accountId);
      return { body: { group_id: groupId } };
    },
  },
  'users.groups.updategroupname': groupCase({ grp_name: 'Not yours' }),
  'users.groups.deletegroup': groupCase(),
  'users.groups.updatestrategy': groupCase({ is_strategy: true, visibility: 'PUBLIC' }),
  'users.groups.getgroupbyid': groupCase(),
  'users.groups.getgroupbrokers': groupCase(),
  'users.groups.addgroupbroker': groupAndAccountCase(),
  'users.groups.updatechildtradingflag': groupChildCase({ trading_enabled: false }),
  'users.groups.updategroupbroker': groupChildCase({ multiplier: 2 }),
  'users.groups.removegroupbroker': groupChildCase(),
  'users.groups.getuserorderinfo': groupCase(),
  'users.groups.getgrouppendingorders': groupCase(),
  'users.broker.group.placeorder': groupCase({
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: 'ownership-matrix-key',
  }),
  'users.broker.group.updateorder': {
    async arrange(owner) {
      const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
      // A trading group with no targets: the group order is recorded, nothing is sent.
      const group = await addGroup(ownerKey, { grp_name: 'Ownership matrix', trading_enabled: true, place_rejected: false });
      const ticket = { instrument: await findScript('NSE:SBIN'), action: 'BUY', orderType: 'MARKET', product: 'DELIVERY', quantity: 1, price: null, triggerPrice: null } as const;
      const placed = await placeGroupOrder(ownerKey, { grpId: group.grp_id, ticket, idempotencyKey: 'ownership-matrix-key' }, createLogger());
      return { body: { group_id: group.grp_id, group_order_id: placed.group_order_id, action: 'cancel' } };
    },
  },
  'users.broker.group.updategroupbrokerorder': {
    async arrange(owner) {
      const { ownerKey, groupId, accountId } = await ownerGroupOf(owner);
      const child = await addChild(ownerKey, groupId, accountId, { multiplier: 1, trading_enabled: true });
      const { orderId } = await submittedOrderOf(owner);
      return { body: { group_id: groupId, grp_broker_id: child.grp_broker_id, order_id: orderId, action: 'cancel' } };
    },
  },
  'users.broker.group.squareoffall': groupCase(),
  'users.broker.group.getpositions': groupCase(),
};

/** Issue 6 (order manager): an order group of the owner, with one WAITING position on the owner's paper account (made by the use-cases). */
async function ownerOrderGroupOf(owner: TestUser) {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const { account } = await connectAccount(ownerKey, { broker: 'paper' }, testLoginContext());
  const { group } = await addOrderGroup(ownerKey, { og_name: 'Ownership matrix', og_place_order: true, group_tgt: null, group_sl: null, start_time: null, end_time: null });
  const position = await addPosition(ownerKey, {
    og_id: group.og_id,
    broker_id: account.broker_id,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    product: 'DELIVERY',
    quantity: 1,
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: false,
    tgt_type: null,
    tgt_value: null,
    is_sl: false,
    sl_type: null,
    sl_value: null,
    is_trail_set: false,
    trail_type: null,
    trail_trigger: null,
    trail_point: null,
    trail_gap: null,
  });
  return { ogId: group.og_id, opId: position.op_id, accountId: account.broker_id };
}

function orderGroupCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { ogId } = await ownerOrderGroupOf(owner);
      return { body: { og_id: ogId, ...extra } };
    },
  };
}

function orderPositionCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { ogId, opId } = await ownerOrderGroupOf(owner);
      return { body: { og_id: ogId, op_id: opId, ...extra } };
    },
  };
}

const ORDER_MANAGER_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'ordermanager.editordergroup': orderGroupCase({ og_name: 'Not yours' }),
  'ordermanager.deleteordergroup': orderGroupCase(),
  'ordermanager.addposition': {
    async arrange(owner) {
      const { ogId, accountId } = await ownerOrderGroupOf(owner);
      return { body: { og_id: ogId, broker_id: accountId, script_id: 'NSE:SBIN', transaction_type: 'BUY', product: 'DELIVERY', quantity: 1 } };
    },
  },
  'ordermanager.editposition': orderPositionCase({ quantity: 2 }),
  'ordermanager.deleteposition': orderPositionCase(),
  'ordermanager.markasexitedposition': orderPositionCase(),
  'ordermanager.exitposition': orderPositionCase(),
  'ordermanager.cancelposition': orderPositionCase(),
  'ordermanager.enterposition': orderPositionCase(),
  'ordermanager.cancelallposition': orderGroupCase(),
  'ordermanager.enterallposition': orderGroupCase(),
  'ordermanager.exitallposition': orderGroupCase(),
};

/** Issue 6: a position's script names an instrument of the shared master, not a user's object. */
const ORDER_MANAGER_NOT_OWNED_IDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'ordermanager.addposition': { script_id: 'names an instrument of the shared instrument master, which every signed-in user may trade' },
  'ordermanager.editposition': { script_id: 'names an instrument of the shared instrument master, which every signed-in user may trade' },
};

/** Issue 6 (JSON bridge): a bridge of the owner (made by the use-case), connected to the owner's order group when the call reads the group. */
async function ownerJsonBridgeOf(owner: TestUser) {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const { bridge } = await addJsonBridge(ownerKey, 'Ownership matrix');
  return { ownerKey, jsonBridgeId: bridge.json_bridge_id };
}

function jsonBridgeCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { jsonBridgeId } = await ownerJsonBridgeOf(owner);
      return { body: { json_bridge_id: jsonBridgeId, ...extra } };
    },
  };
}

/** The owner's bridge connected to the owner's order group. */
function connectedJsonBridgeCase(): OwnershipCase {
  return {
    async arrange(owner) {
      const { ownerKey, jsonBridgeId } = await ownerJsonBridgeOf(owner);
      const { ogId, accountId } = await ownerOrderGroupOf(owner);
      await connectToOrderGroup(ownerKey, jsonBridgeId, ogId, 'account', accountId);
      return { body: { json_bridge_id: jsonBridgeId } };
    },
  };
}

const JSON_BRIDGE_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'users.jsonbridge.connectjsonbridge': {
    async arrange(owner) {
      const { jsonBridgeId } = await ownerJsonBridgeOf(owner);
      const { ogId, accountId } = await ownerOrderGroupOf(owner);
      return { body: { json_bridge_id: jsonBridgeId, og_id: ogId, target_kind: 'account', target_id: accountId } };
    },
  },
  'users.jsonbridge.disconnectjsonbridge': connectedJsonBridgeCase(),
  'users.jsonbridge.updatejsonbridgetradingflag': jsonBridgeCase({ og_place_order: false }),
  'users.jsonbridge.regeneratejsonbridgekey': jsonBridgeCase(),
  'users.jsonbridge.deletejsonbridge': jsonBridgeCase(),
  'users.jsonbridge.updatejsonbridgename': jsonBridgeCase({ json_bridge_name: 'Not yours' }),
  'users.jsonbridge.getjsonbridgebyid': jsonBridgeCase(),
  'users.jsonbridge.getjsonordermanager': connectedJsonBridgeCase(),
  'users.jsonbridge.getjsonbridgesecurity': jsonBridgeCase(),
  'users.jsonbridge.updatejsonbridgesecurity': jsonBridgeCase({ signing: 'on', allowed_ips: [] }),
};

/** Issue 6 (custom bridge): a bridge of the owner (made by the use-case), with one UP trigger on the owner's paper account when the call names a trigger or a target. */
async function ownerBridgeOf(owner: TestUser) {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const { bridge } = await addBridge(ownerKey, 'Ownership matrix');
  return { ownerKey, bridgeId: bridge.bridge_id };
}

async function ownerTriggerOf(owner: TestUser) {
  const { ownerKey, bridgeId } = await ownerBridgeOf(owner);
  const { account } = await connectAccount(ownerKey, { broker: 'paper' }, testLoginContext());
  const trigger = await addBridgeTrigger(ownerKey, {
    ...BRIDGE_TRIGGER_TEMPLATE,
    bridge_id: bridgeId,
    target_id: account.broker_id,
  });
  return { bridgeId, triggerId: trigger.trigger_id, accountId: account.broker_id };
}

/** An EQUITY trigger with every default spelled out (the use-case takes the parsed request). */
const BRIDGE_TRIGGER_TEMPLATE = {
  direction: 'UP',
  target_kind: 'account',
  script_type: 'EQUITY',
  option_base: null,
  script_source: 'TRIGGER',
  script: 'SBIN',
  exchange: null,
  strike_offset: 0,
  option_side: null,
  expiry_type: null,
  expiry_gap: 0,
  transaction_type: null,
  quantity: 1,
  product: 'INTRADAY',
  order_type: 'MARKET',
  price: null,
  trigger_price: null,
  entry_type: 'DIRECT',
  entry_direction: null,
  entry_price: null,
  candle_timeframe: null,
  is_tgt: false,
  tgt_type: null,
  tgt_value: null,
  is_sl: false,
  sl_type: null,
  sl_value: null,
  is_trail_set: false,
  trail_type: null,
  trail_trigger: null,
  trail_gap: null,
  trail_point: null,
  tgt_direction: null,
  sl_direction: null,
  exit_opposite: false,
} as const;

function bridgeCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { bridgeId } = await ownerBridgeOf(owner);
      return { body: { bridge_id: bridgeId, ...extra } };
    },
  };
}

function bridgeTriggerCase(extra: Record<string, unknown> = {}): OwnershipCase {
  return {
    async arrange(owner) {
      const { bridgeId, triggerId } = await ownerTriggerOf(owner);
      return { body: { bridge_id: bridgeId, trigger_id: triggerId, ...extra } };
    },
  };
}

const BRIDGE_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'users.bridge.getuserbridgebyid': bridgeCase(),
  'users.bridge.updatebridgetradingflag': bridgeCase({ trading_enabled: false }),
  'users.bridge.userbridgeconnection': bridgeCase(),
  'users.bridge.userbridgedisconnect': bridgeCase(),
  'users.bridge.removeuserbridge': bridgeCase(),
  'users.bridge.resetbridgekey': bridgeCase(),
  'users.bridge.updatebridgename': bridgeCase({ bridge_name: 'Not yours' }),
  'users.bridge.getbridgetriggers': bridgeCase(),
  'users.bridge.addbridgetrigger': {
    async arrange(owner) {
      const { bridgeId, accountId } = await ownerTriggerOf(owner);
      return { body: { bridge_id: bridgeId, direction: 'DOWN', target_kind: 'account', target_id: accountId, script_type: 'EQUITY', script: 'SBIN', product: 'INTRADAY', quantity: 1 } };
    },
  },
  'users.bridge.updatebridgetrigger': {
    async arrange(owner) {
      const { bridgeId, triggerId, accountId } = await ownerTriggerOf(owner);
      return { body: { bridge_id: bridgeId, trigger_id: triggerId, target_id: accountId, quantity: 2 } };
    },
  },
  'users.bridge.removebridgetrigger': bridgeTriggerCase(),
  'users.bridge.updatetriggerspriorities': {
    async arrange(owner) {
      const { bridgeId, triggerId } = await ownerTriggerOf(owner);
      return { body: { bridge_id: bridgeId, direction: 'UP', trigger_ids: [triggerId] } };
    },
  },
  'users.bridge.placebridgeorder': bridgeCase({ direction: 'UP', idempotency_key: 'ownership-matrix-key' }),
  'users.bridge.getbridgepositions': bridgeCase(),
  'users.bridge.getbridgesecurity': bridgeCase(),
  'users.bridge.updatebridgesecurity': bridgeCase({ signing: 'on', allowed_ips: [] }),
};

/** Issue 6 (signal log): the owner's JSON bridge, and a failed signal of it (stored straight through the repository). */
const SIGNAL_LOG_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'users.bridge.getbridgesignals': {
    async arrange(owner) {
      const { jsonBridgeId } = await ownerJsonBridgeOf(owner);
      return { body: { bridge_id: jsonBridgeId } };
    },
  },
  'users.bridge.replaysignal': {
    async arrange(owner) {
      const { ownerKey, jsonBridgeId } = await ownerJsonBridgeOf(owner);
      const signalId = randomBytes(32).toString('hex');
      await storeSignal({
        signalId,
        ...ownerKey,
        bridgeKind: 'json',
        bridgeId: jsonBridgeId,
        receivedAt: now(),
        rawBody: '{}',
        contentType: 'application/json',
        source: 'tradingview-json',
        status: 'failed',
        reason: 'arranged by the ownership matrix',
        problems: [],
      });
      return { body: { signal_id: signalId } };
    },
  },
};

/**
 * A pending bank transfer claim of the owner, written straight through the repository (no receiving
 * account needed), with a receipt recorded on it (no file: another user is refused before any is read).
 */
async function bankTransferOf(owner: TestUser): Promise<string> {
  const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
  const transferId = ulid();
  const created = await createBankTransfer({ owner: ownerKey, transferId, utr: `M${randomBytes(8).toString('hex').toUpperCase()}`, amountPaise: 10_000, note: '' }, now());
  if (created.kind !== 'created') throw new Error('could not arrange a bank transfer');
  await attachReceipt(ownerKey, transferId, { key: `receipts/${ownerKey.frchId}/${ownerKey.userId}/${transferId}-matrix`, content_type: 'image/png', uploaded_at: now().toISOString() }, now());
  return transferId;
}

/** Bank transfer receipts: the owner's claim, named by `transfer_id` (the upload as a multipart form with an image). */
const BANK_TRANSFER_OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  'payment.getbanktransferreceipt': { arrange: async (owner) => ({ body: { transfer_id: await bankTransferOf(owner) } }) },
  'payment.uploadbanktransferreceipt': {
    arrange: async (owner) => ({ form: await multipartForm({ transfer_id: await bankTransferOf(owner) }, { receipt: { bytes: TEST_PNG, filename: 'receipt.png', type: 'image/png' } }) }),
  },
};

/**
 * One entry per contract that names an object by id (keyed by operationId). Later issues add an
 * entry with each such route; the matrix test fails for any id-taking route without one.
 */
export const OWNERSHIP_CASES: Readonly<Record<string, OwnershipCase>> = {
  ...GROUP_OWNERSHIP_CASES,
  ...ORDER_MANAGER_OWNERSHIP_CASES,
  ...JSON_BRIDGE_OWNERSHIP_CASES,
  ...BRIDGE_OWNERSHIP_CASES,
  ...SIGNAL_LOG_OWNERSHIP_CASES,
  ...BANK_TRANSFER_OWNERSHIP_CASES,
  'users.watchlist.removewatchlist': {
    async arrange(owner) {
      const added = await addWatchlistEntry({ frchId: owner.user.frch_id, userId: owner.user.user_id }, await findScript('NSE:SBIN'), MAX_WATCHLIST_ENTRIES);
      if (added.kind !== 'added') throw new Error(`could not arrange a watch list entry: ${added.kind}`);
      return { body: { watchlist_id: added.entry.watchlistId } };
    },
  },
  'users.watchlist.placeorder': {
    async arrange(owner) {
      const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
      const { account } = await connectAccount(ownerKey, { broker: 'paper' }, testLoginContext());
      const added = await addWatchlistEntry(ownerKey, await findScript('NSE:SBIN'), MAX_WATCHLIST_ENTRIES);
      if (added.kind !== 'added') throw new Error(`could not arrange a watch list entry: ${added.kind}`);
      return {
        body: {
          broker_id: account.broker_id,
          watchlist_id: added.entry.watchlistId,
          transaction_type: 'BUY',
          order_type: 'MARKET',
          product: 'DELIVERY',
          quantity: 1,
          idempotency_key: 'ownership-matrix-key',
        },
      };
    },
  },
  // Group strategies (issue 21): a PRIVATE strategy of the owner (written through the data layer: only a broker panel may call updatestrategy), which nobody is permitted to view.
  'users.groups.strategies.getstrategyplans': {
    async arrange(owner) {
      const ownerKey = { frchId: owner.user.frch_id, userId: owner.user.user_id };
      const group = await addGroup(ownerKey, { grp_name: 'Ownership matrix strategy', trading_enabled: false, place_rejected: false });
      await putStrategyDirectoryEntry(ownerKey, group.grp_id);
      await updateGroupSettings(ownerKey, group.grp_id, { is_strategy: true, visibility: 'PRIVATE' });
      return { body: { group_id: group.grp_id } };
    },
  },
  // The same PRIVATE strategy, read by its records.
  'users.groups.strategies.getstrategyrecords': { arrange: (owner) => OWNERSHIP_CASES['users.groups.strategies.getstrategyplans']!.arrange(owner) },
  // Static IPs (issue 20): an IP the owner bought and holds, in its franchise's pool.
  'users.ips.updatestaticip': { arrange: async (owner) => ({ body: { ip_id: await arrangeAssignedSlot(owner.user.frch_id, owner.user.user_id), label: 'not yours' } }) },
  'users.ips.removestaticip': { arrange: async (owner) => ({ body: { ip_id: await arrangeAssignedSlot(owner.user.frch_id, owner.user.user_id) } }) },
  'users.ips.checkegress': { arrange: async (owner) => ({ body: { ip_id: await arrangeAssignedSlot(owner.user.frch_id, owner.user.user_id) } }) },
  'users.broker.getbrokerinfo': brokerAccountCase(),
  'users.broker.reconnect': brokerAccountCase(),
  'users.broker.addbrokernote': brokerAccountCase({ note: 'not yours' }),
  'users.broker.updatebrokersubscription': brokerAccountCase({ plan_id: 'monthly', idempotency_key: 'ownership-matrix-key' }),
  'users.broker.refresh': brokerAccountCase(),
  'users.broker.updatebrokertradingflag': brokerAccountCase({ trading_enabled: true }),
  'users.broker.updateautorenewflag': brokerAccountCase({ auto_renew: true }),
  'users.broker.getdeleterefundnote': brokerAccountCase(),
  'users.broker.removebroker': brokerAccountCase(),
  'users.broker.direct.placeorder': brokerAccountCase({
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: 'ownership-matrix-key',
  }),
  'users.broker.direct.updateorder': orderCase({ action: 'cancel' }),
  'users.broker.direct.updatebrokerorder': {
    async arrange(owner) {
      const { brokerId, brokerOrderId } = await submittedOrderOf(owner);
      return { body: { broker_id: brokerId, broker_order_id: brokerOrderId, action: 'cancel' } };
    },
  },
  'users.broker.direct.squareoff': brokerAccountCase({ script_id: 'NSE:SBIN', product: 'DELIVERY' }),
  'users.broker.direct.squareoffall': brokerAccountCase(),
  'users.getindividualorderhistory': brokerAccountCase(),
  'users.getgrouporderhistory': brokerAccountCase(),
  'users.getuserorders': brokerAccountCase(),
  'users.getorderdetails': orderCase(),
  'users.broker.getbrokerpositions': brokerAccountCase(),
  'users.broker.getbrokerorderbook': brokerAccountCase(),
  'users.broker.getbrokerholdings': brokerAccountCase(),
  'users.broker.getordermargin': brokerAccountCase({ script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1 }),
  'users.broker.getbrokerfunds': brokerAccountCase(),
  'users.getdashboardpnl': brokerAccountCase(),
  // A well-formed token: the owner would get 422 (paper has no redirect login), anyone else must get 404 first.
  'users.broker.completebrokerlogin': brokerAccountCase({ request_token: 'ownershipmatrixtoken01' }),
  // A PhonePe payment of the owner, written straight through the payments repository (no PhonePe needed to read it).
  'payment.getpaymentstatus': {
    async arrange(owner) {
      const paymentId = ulid();
      const at = now();
      await createPayment(
        { owner: { frchId: owner.user.frch_id, userId: owner.user.user_id }, paymentId, merchantOrderId: `TB-${paymentId}`, amountPaise: 50_000, firstCheckAt: new Date(at.getTime() + 86_400_000), giveUpAt: new Date(at.getTime() + 86_400_000) },
        at,
      );
      return { body: { payment_id: paymentId } };
    },
  },
};

/**
 * Exemptions, by operationId and field, for id fields that name something public rather than a
 * user's object, each with its reason. Only the listed fields are exempt: a call that also names an
 * owned object by another field still needs an ownership case.
 */
export const NOT_OWNED_IDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ...ORDER_MANAGER_NOT_OWNED_IDS,
  'scripts.getltp': { script_id: 'names an instrument of the shared instrument master, which every signed-in user may price' },
  'scripts.getcandles': { script_id: 'names an instrument of the shared instrument master, which every signed-in user may chart' },
  // Broker-panel calls: an ordinary user (the matrix's stranger) gets 403 before the id is read; the franchise's own transfers are the panel's to decide, and another franchise's id → 404 is tested in bank-transfers.test.ts.
  'users.brokerpanelconfigs.updatebankdetails': { upi_id: "is the franchise's own UPI handle that users pay into, not an object of any user" },
  'users.brokerpanelconfigs.updateftp': { private_key: "is the franchise's own SSH private key for its file server (a secret, sealed), not an object of any user" },
  'payment.approvebanktransfer': { transfer_id: "names a claim of the caller's franchise, which its broker panel decides; ordinary users are refused (403)" },
  'payment.rejectbanktransfer': { transfer_id: "names a claim of the caller's franchise, which its broker panel decides; ordinary users are refused (403)" },
  'payment.refundpayment': { payment_id: "names a PhonePe payment of the caller's franchise, which its broker panel refunds; ordinary users are refused (403), another franchise's panel gets 404 (payment-refunds.test.ts)" },
  'payment.getpaymentrefunds': { payment_id: "names a PhonePe payment of the caller's franchise, whose refunds its broker panel follows; ordinary users are refused (403), another franchise's panel gets 404 (payment-refunds.test.ts)" },
  'payment.getfranchisepayments': { user_id: "narrows the broker panel's listing to one user of its own franchise (another franchise's users are never read: 404, tested in franchise-money.test.ts); ordinary users are refused (403)" },
  'payment.getfranchiseledger': { user_id: "narrows the broker panel's listing to one user of its own franchise (another franchise's users are never read: 404, tested in franchise-money.test.ts); ordinary users are refused (403)" },
  'payment.getfranchisebanktransferreceipt': { transfer_id: "names a claim of the caller's franchise, whose receipt its broker panel checks; ordinary users are refused (403), another franchise's panel gets 404 (bank-transfer-receipts.test.ts)" },
  'users.referrals.referralcashout': { idempotency_key: "is the caller's own new key for this cash-out, kept in its own partition; it names nothing that exists" },
  'users.referrals.updatecashoutreferrals': {
    cashout_id: "names a cash-out of the caller's franchise, which its broker panel decides; ordinary users are refused (403), another franchise's panel gets 404 (referral-cashout.test.ts)",
    user_id: "names the franchise user whose cash-out the broker panel decides (with cashout_id); ordinary users are refused (403)",
  },
  'users.groups.strategies.getstrategyusers': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-subscriptions.test.ts)" },
  'users.groups.strategies.updatestrategysubscription': {
    group_id: "names a strategy the caller may view (PUBLIC, permitted or followed); any other gets 404 (strategy-subscriptions.test.ts)",
    broker_id: "names the caller's own account to copy with, read under its own user id; another user's account gets 404 (strategy-subscriptions.test.ts)",
    subscription_id: "is looked up under the caller's own user id (or, for the strategy's owner, among its own strategy's subscribers); another user's subscription gets 404 (strategy-subscriptions.test.ts)",
  },
  'users.ips.purchasestaticip': { idempotency_key: "is the caller's own new key for this purchase, kept in its own partition; it names nothing that exists" },
  'users.subusermanagement.sendbulkmails': { idempotency_key: "is the caller's own new key for this mailing; the recipients it names are checked by the sub-user access matrix (sub-user-access.test.ts)" },
  'users.subusermanagement.getbulkmailjob': { job_id: "names a mailing of the calling parent; ordinary users are refused (403), another parent and the broker panel get 404 (bulk-mail.test.ts)" },
  'users.watchlist.addtowatchlist': { script_id: "names an instrument of the shared instrument master; the entry goes to the caller's own list" },
  'users.brokerpanelconfigs.updatephonepeconfigs': { client_id: "is PhonePe's id of the merchant's API client, typed by the broker panel; the settings saved are the caller's own franchise's" },
  'users.groups.strategies.addstrategyplan': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-plans-permissions.test.ts)" },
  'users.groups.strategies.deletestrategyplan': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-plans-permissions.test.ts)", plan_id: "names a plan of that strategy (with group_id); ordinary users are refused (403)" },
  'users.groups.strategies.getsubuseremails': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-plans-permissions.test.ts)" },
  'users.groups.strategies.updatestrategypermission': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-plans-permissions.test.ts)" },
  'users.groups.strategies.addstrategyrecord': { group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-records.test.ts)" },
  'users.groups.strategies.updatestrategyrecord': {
    group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-records.test.ts)",
    record_id: 'names a record of that strategy (with group_id); ordinary users are refused (403), a missing record gets 404 (strategy-records.test.ts)',
  },
  'users.groups.strategies.deletestrategyrecord': {
    group_id: "names a strategy of the calling broker panel; ordinary users are refused (403), another panel's or franchise's strategy gets 404 (strategy-records.test.ts)",
    record_id: 'names a record of that strategy (with group_id); ordinary users are refused (403), a missing record gets 404 (strategy-records.test.ts)',
  },
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

/**
 * Calls that need an ownership case: signed-in calls that name a user's object. Calls that name a managed
 * user (`sub_user_id`) have their own matrix over the hierarchy's actors (sub-user-access.test.ts).
 */
export function idTakingContracts(contracts: readonly CallContract[]): CallContract[] {
  return contracts.filter((contract) => contract.role !== 'public' && !namesManagedUser(contract) && ownedIdInputsOf(contract).length > 0);
}
