import type { z } from 'zod';
import { bridgeContracts } from '../../../shared/contracts/bridge';
import { brokerContracts } from '../../../shared/contracts/broker';
import { groupOrderContracts, groupsContracts } from '../../../shared/contracts/groups';
import { ordermanagerContracts } from '../../../shared/contracts/ordermanager';
import { directOrderContracts } from '../../../shared/contracts/orders';
import { scriptsContracts } from '../../../shared/contracts/scripts';
import { watchlistContracts } from '../../../shared/contracts/watchlist';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { Credentials } from './accounts';
import { apiToken, callAs, orderKey } from './api-calls';

/** What a trader's desk holds once set up: names and ids the screens show. */
export interface TraderDesk {
  /** The three paper accounts' display names, oldest first. */
  accountNames: readonly string[];
  accountIds: readonly string[];
  groupId: string;
  groupName: string;
  orderGroupName: string;
  bridgeName: string;
  /** The NIFTY call the desk trades (the longest symbols a table shows). */
  optionSymbol: string;
}

/** A price below the market on the script's tick: a LIMIT buy there rests (pending). */
const restingPrice = (ltp: number, tick: number) => Number((Math.round((ltp * 0.97) / tick) * tick).toFixed(2));

/**
 * A desk like the trader had, through the API: three paper accounts trading, a watch list,
 * orders of every status on each account (filled, resting, cancelled, refused), a copy-trading group
 * of the three with a filled group order and a resting one, an order-manager position entered (OPEN), and a custom bridge with
 * an executed signal and a refused one.
 */
export async function setUpTraderDesk(baseUrl: string, trader: Credentials): Promise<TraderDesk> {
  const token = await apiToken(baseUrl, trader);
  const call = <Contract extends CallContract>(contract: Contract, input: z.input<Contract['request']>) => callAs(baseUrl, token, contract, input);

  const accounts = [];
  for (let index = 0; index < 3; index += 1) {
    const { account } = await call(brokerContracts.connectBroker, { broker: 'paper' });
    await call(brokerContracts.updateBrokerTradingFlag, { broker_id: account.broker_id, trading_enabled: true });
    accounts.push(account);
  }
  const [first, second, third] = accounts.map((account) => account.broker_id) as [string, string, string];

  // The watch list: an equity and a NIFTY call (its price and tick decide the resting order's price).
  const [option] = await call(scriptsContracts.searchScriptsByType, { type: 'CE', symbol: 'NIFTY 24000' });
  if (!option) throw new Error('the sample master has no NIFTY 24000 call');
  const sbin = await call(watchlistContracts.addToWatchlist, { script_id: 'NSE:SBIN' });
  await call(watchlistContracts.addToWatchlist, { script_id: option.script_id });

  const place = (brokerId: string, order: { script_id: string; side: 'BUY' | 'SELL'; type: 'MARKET' | 'LIMIT'; quantity: number; price?: number }) =>
    call(directOrderContracts.placeOrder, {
      broker_id: brokerId,
      script_id: order.script_id,
      transaction_type: order.side,
      order_type: order.type,
      product: 'INTRADAY',
      quantity: order.quantity,
      price: order.price ?? null,
      idempotency_key: orderKey(),
    });
  await place(first, { script_id: 'NSE:SBIN', side: 'BUY', type: 'MARKET', quantity: 10 });
  await place(second, { script_id: 'NSE:SBIN', side: 'BUY', type: 'LIMIT', quantity: 5, price: restingPrice(sbin.ltp, sbin.tick_size) });
  const cancelled = await place(second, { script_id: 'NSE:SBIN', side: 'BUY', type: 'LIMIT', quantity: 3, price: restingPrice(sbin.ltp, sbin.tick_size) });
  await call(directOrderContracts.updateOrder, { order_id: cancelled.order.order_id, action: 'cancel' });
  await place(third, { script_id: option.script_id, side: 'BUY', type: 'MARKET', quantity: option.lot_size });
  // More than the paper funds: refused with the broker's reason.
  await place(third, { script_id: 'NSE:SBIN', side: 'BUY', type: 'MARKET', quantity: 9_000_000 });

  // Copy trading: the three accounts at 1×, 2× and 1×, one MARKET group order of a lot.
  const groupName = 'Tables fit';
  const group = await call(groupsContracts.addGroup, { grp_name: groupName, trading_enabled: true });
  for (const [index, brokerId] of [first, second, third].entries()) {
    await call(groupsContracts.addGroupBroker, { group_id: group.grp_id, broker_id: brokerId, multiplier: index === 1 ? 2 : 1 });
  }
  await call(groupOrderContracts.placeOrder, {
    group_id: group.grp_id,
    script_id: option.script_id,
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'INTRADAY',
    quantity: option.lot_size,
    idempotency_key: orderKey(),
  });

  // A LIMIT group order below the market: it rests on every account (the Pending Orders page's buttons).
  await call(groupOrderContracts.placeOrder, {
    group_id: group.grp_id,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'INTRADAY',
    quantity: 2,
    price: restingPrice(sbin.ltp, sbin.tick_size),
    idempotency_key: orderKey(),
  });

  // The order manager: a DIRECT MARKET position entered now (OPEN).
  const orderGroupName = 'Hand entries';
  const orderGroup = await call(ordermanagerContracts.addOrderGroup, { og_name: orderGroupName });
  const position = await call(ordermanagerContracts.addPosition, {
    og_id: orderGroup.og_id,
    broker_id: first,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    product: 'INTRADAY',
    quantity: 4,
  });
  await call(ordermanagerContracts.enterPosition, { og_id: orderGroup.og_id, op_id: position.op_id });

  // A custom bridge: UP buys SBIN on the first account; DOWN has no trigger (its signal is refused with a reason).
  const bridgeName = 'Breakout alerts';
  const bridge = await call(bridgeContracts.addUserBridge, { bridge_name: bridgeName });
  await call(bridgeContracts.userBridgeConnection, { bridge_id: bridge.bridge_id });
  await call(bridgeContracts.addBridgeTrigger, {
    bridge_id: bridge.bridge_id,
    direction: 'UP',
    target_kind: 'account',
    target_id: first,
    script_type: 'EQUITY',
    script: 'SBIN',
    product: 'INTRADAY',
    quantity: 2,
  });
  for (const text of ['BUY', 'SELL']) {
    const answer = await fetch(`${baseUrl}${bridge.webhook_path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
    if (answer.status !== 202) throw new Error(`the webhook refused ${text}: HTTP ${answer.status} ${await answer.text()}`);
  }

  return {
    accountNames: accounts.map((account) => account.broker_combined_name),
    accountIds: [first, second, third],
    groupId: group.grp_id,
    groupName,
    orderGroupName,
    bridgeName,
    optionSymbol: option.trading_symbol,
  };
}
