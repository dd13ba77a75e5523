import type { AccountPositions } from '../../../shared/contracts/broker-trading';
import { GROUP_FAN_OUT_CONCURRENCY, type GroupPositions } from '../../../shared/contracts/groups';
import { listGroupChildren } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { readAccountPositions } from '../../broker-accounts/trading/account-positions';
import { roundMoney } from '../../broker-adapters/paper/price-math';
import { now } from '../../platform/clock';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { mapBounded } from '../../platform/bounded';
import { accountOwnerOf, fanOutAccounts } from './group-accounts';
import { accountNameOf } from './group-order-view';
import { loadOwnedGroup } from './owned-group';

type NetPosition = GroupPositions['net'][number];

const UNREADABLE = 'The broker could not be read; it has been logged.';

interface AccountReading {
  readonly positions: AccountPositions | null;
  readonly reason: string | null;
  readonly isChild: boolean;
}

/** Rows of every account read, the master's and the children's, summed per script (or broker symbol, for a row the master cannot name) and product. */
function netOf(readings: readonly AccountReading[]): NetPosition[] {
  const net = new Map<string, NetPosition>();
  for (const reading of readings) {
    for (const row of reading.positions?.positions ?? []) {
      const key = `${row.script_id ?? `${row.exchange ?? ''}:${row.trading_symbol}`}|${row.product}`;
      const sum = net.get(key) ?? { ...row, net_quantity: 0, realised_pnl: 0, unrealised_pnl: 0, accounts: 0, children: 0 };
      net.set(key, {
        script_id: sum.script_id,
        trading_symbol: sum.trading_symbol,
        exchange: sum.exchange,
        product: sum.product,
        lot_size: sum.lot_size,
        net_quantity: sum.net_quantity + row.net_quantity,
        realised_pnl: roundMoney(sum.realised_pnl + row.realised_pnl),
        unrealised_pnl: roundMoney(sum.unrealised_pnl + row.unrealised_pnl),
        accounts: sum.accounts + 1,
        children: sum.children + (reading.isChild ? 1 : 0),
      });
    }
  }
  return [...net.values()];
}

/** One account's positions from its broker, or why they could not be read (a broker's own words, or that it was logged). */
async function readingOf(owner: GroupOwner, brokerId: string, isChild: boolean, log: Logger): Promise<AccountReading> {
  try {
    return { positions: await readAccountPositions(owner, brokerId, log), reason: null, isChild };
  } catch (error) {
    if (!(error instanceof DomainError)) log.error('group account positions not read', { brokerId, error });
    return { positions: null, reason: error instanceof DomainError ? error.message : UNREADABLE, isChild };
  }
}

/**
 * The master's and each child's positions read from their brokers (a few at once), netted per script and
 * product over all of them: a group order is placed on the master as well as on the children.
 */
export async function readGroupPositions(owner: GroupOwner, grpId: string, log: Logger): Promise<GroupPositions> {
  const group = await loadOwnedGroup(owner, grpId);
  const children = await listGroupChildren(owner, grpId);
  const accounts = await fanOutAccounts(owner, children);
  const masterId = group.master_broker_id;
  const targets = [
    ...(masterId === null ? [] : [{ holder: owner, brokerId: masterId, isChild: false }]),
    ...children.map((child) => ({ holder: accountOwnerOf(owner, child), brokerId: child.broker_id, isChild: true })),
  ];
  const readings = await mapBounded(targets, GROUP_FAN_OUT_CONCURRENCY, (target) => readingOf(target.holder, target.brokerId, target.isChild, log));
  const net = netOf(readings);
  const realised = roundMoney(net.reduce((sum, row) => sum + row.realised_pnl, 0));
  const unrealised = roundMoney(net.reduce((sum, row) => sum + row.unrealised_pnl, 0));
  const childReadings = readings.filter((reading) => reading.isChild);
  const masterReading = masterId === null ? undefined : readings[0];
  return {
    net,
    totals: { realised_pnl: realised, unrealised_pnl: unrealised, total_pnl: roundMoney(realised + unrealised) },
    master:
      masterId === null
        ? null
        : { broker_id: masterId, broker_combined_name: accountNameOf(accounts, masterId), positions: masterReading?.positions ?? null, reason: masterReading?.reason ?? null },
    children: children.map((child, index) => ({
      grp_broker_id: child.grp_broker_id,
      broker_id: child.broker_id,
      broker_combined_name: accountNameOf(accounts, child.broker_id),
      positions: childReadings[index]?.positions ?? null,
      reason: childReadings[index]?.reason ?? null,
    })),
    read_at: now().toISOString(),
  };
}
