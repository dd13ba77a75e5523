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
import { accountsById } from './group-accounts';
import { accountNameOf } from './group-order-view';
import { loadOwnedGroup } from './owned-group';

type NetPosition = GroupPositions['net'][number];

const UNREADABLE = 'The broker could not be read; it has been logged.';

/** Rows of every child summed per script (or broker symbol, for a row the master cannot name) and product. */
function netOf(readings: readonly (AccountPositions | null)[]): NetPosition[] {
  const net = new Map<string, NetPosition>();
  for (const reading of readings) {
    for (const row of reading?.positions ?? []) {
      const key = `${row.script_id ?? `${row.exchange ?? ''}:${row.trading_symbol}`}|${row.product}`;
      const sum = net.get(key) ?? { ...row, net_quantity: 0, realised_pnl: 0, unrealised_pnl: 0, children: 0 };
      net.set(key, {
        script_id: sum.script_id,
        trading_symbol: sum.trading_symbol,
        exchange: sum.exchange,
        product: sum.product,
        lot_size: sum.lot_size,
        net_quantity: sum.net_quantity + row.net_quantity,
        realised_pnl: roundMoney(sum.realised_pnl + row.realised_pnl),
        unrealised_pnl: roundMoney(sum.unrealised_pnl + row.unrealised_pnl),
        children: sum.children + 1,
      });
    }
  }
  return [...net.values()];
}

/** Each child's positions read from its broker (a few at once), netted per script and product over the children. */
export async function readGroupPositions(owner: GroupOwner, grpId: string, log: Logger): Promise<GroupPositions> {
  await loadOwnedGroup(owner, grpId);
  const [children, accounts] = await Promise.all([listGroupChildren(owner, grpId), accountsById(owner)]);
  const readings = await mapBounded(children, GROUP_FAN_OUT_CONCURRENCY, async (child) => {
    try {
      return { positions: await readAccountPositions(owner, child.broker_id, log), reason: null };
    } catch (error) {
      if (!(error instanceof DomainError)) log.error('group child positions not read', { brokerId: child.broker_id, error });
      return { positions: null, reason: error instanceof DomainError ? error.message : UNREADABLE };
    }
  });
  const net = netOf(readings.map((reading) => reading.positions));
  const realised = roundMoney(net.reduce((sum, row) => sum + row.realised_pnl, 0));
  const unrealised = roundMoney(net.reduce((sum, row) => sum + row.unrealised_pnl, 0));
  return {
    net,
    totals: { realised_pnl: realised, unrealised_pnl: unrealised, total_pnl: roundMoney(realised + unrealised) },
    children: children.map((child, index) => ({
      grp_broker_id: child.grp_broker_id,
      broker_id: child.broker_id,
      broker_combined_name: accountNameOf(accounts, child.broker_id),
      positions: readings[index]?.positions ?? null,
      reason: readings[index]?.reason ?? null,
    })),
    read_at: now().toISOString(),
  };
}
