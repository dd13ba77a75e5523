import { BRIDGE_NOT_FOUND_MESSAGE } from '../../../shared/contracts/bridge';
import type { GetBridgeSignalsRequest, SignalView } from '../../../shared/contracts/signals';
import { getBridge } from '../../data/bridges-repository';
import { getJsonBridge } from '../../data/jsonbridge-repository';
import { listSignals } from '../../data/signals-repository';
import { NotFoundError } from '../../platform/errors';
import { signalViews } from './signal-view';

interface Owner {
  readonly frchId: number;
  readonly userId: number;
}

/** A bridge id names one of the caller's bridges of either kind; another user's (or none) is 404, as everywhere. */
async function assertOwnBridge(owner: Owner, bridgeId: string): Promise<void> {
  const [json, custom] = await Promise.all([getJsonBridge(owner, bridgeId), getBridge(owner, bridgeId)]);
  if (!json && !custom) throw new NotFoundError(BRIDGE_NOT_FOUND_MESSAGE);
}

/** One page of the caller's signal log, newest first. */
export async function listOwnSignals(owner: Owner, request: GetBridgeSignalsRequest): Promise<{ items: SignalView[]; next_cursor: string | null }> {
  if (request.bridge_id !== undefined) await assertOwnBridge(owner, request.bridge_id);
  const page = await listSignals(owner.frchId, owner.userId, {
    bridgeId: request.bridge_id ?? null,
    status: request.status ?? null,
    limit: request.limit,
    cursor: request.cursor,
  });
  return { items: await signalViews(owner, page.items), next_cursor: page.nextCursor };
}
