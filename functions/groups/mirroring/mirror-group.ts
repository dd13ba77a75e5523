import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { ScriptResolver } from '../../broker-adapters/mapping/script-resolver';
import { listGroupMirrors } from '../../data/groups/group-mirror';
import { now } from '../../platform/clock';
import { copyMasterOrder, continueCopy, recordNotCopied } from './copy-master-order';
import { copyTradingRowsOf, type CopyTradingTest } from './copy-trading-rows';
import { awaitsAcceptance } from './master-acceptance';
import type { MirrorContext } from './mirror-context';
import { mirrorMasterChange } from './mirror-changes';
import { baselineFor } from './mirror-baseline';
import { decideMirror, type MirrorDecision } from './mirror-decision';

/**
 * One group mirrored from one read of its master's book: every row outside the baseline is decided
 * (`decideMirror`) and acted on, in the book's order, so an exit follows the entry it closes.
 */
const NOTHING_IS_COPY_TRADING: CopyTradingTest = () => false;

async function act(context: MirrorContext, row: BrokerOrder, decision: MirrorDecision, resolve: () => Promise<ScriptResolver>): Promise<void> {
  switch (decision.kind) {
    case 'none':
    case 'wait':
      return;
    case 'skip':
      await recordNotCopied(context, row, decision.reason);
      return;
    case 'copy':
      return copyMasterOrder(context, row, await resolve());
    case 'resume':
      return continueCopy(context, decision.mirror);
    case 'change':
      return mirrorMasterChange(context, decision.mirror, decision.command, row);
  }
}

export async function mirrorGroup(context: MirrorContext, book: readonly BrokerOrder[], resolve: () => Promise<ScriptResolver>): Promise<void> {
  const { owner, group, master } = context;
  const baseline = await baselineFor(owner, group, book);
  if (baseline === null) return;
  const rows = book.filter((row) => !baseline.has(row.brokerOrderId));
  if (rows.length === 0) return;
  const mirrors = new Map((await listGroupMirrors(owner, group.grp_id, master.broker_id)).map((mirror) => [mirror.broker_order_id, mirror]));
  const unrecorded = rows.filter((row) => !mirrors.has(row.brokerOrderId));
  const placedByCopyTrading =
    unrecorded.length === 0 ? NOTHING_IS_COPY_TRADING : await copyTradingRowsOf(owner, master.broker_id, unrecorded, now());
  for (const row of rows) {
    const decision = decideMirror({
      row,
      mirror: mirrors.get(row.brokerOrderId) ?? null,
      placedByCopyTrading: placedByCopyTrading(row),
      awaitingAcceptance: awaitsAcceptance(master.broker, row),
      tradingEnabled: group.trading_enabled,
      placeRejected: group.place_rejected,
    });
    await act(context, row, decision, resolve);
  }
}
