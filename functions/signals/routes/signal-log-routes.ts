import { signalContracts } from '../../../shared/contracts/signals';
import { defineRoute } from '../../platform/http/route';
import { listOwnSignals } from '../log/list-signals';
import { replaySignal } from '../log/replay-signal';

/** The signal log (route group `bridge`): the caller's signals of every bridge, and the replay of a failed one. */
export const getBridgeSignalsRoute = defineRoute(signalContracts.getBridgeSignals, async ({ body, principal }) => ({
  data: await listOwnSignals(principal, body),
  message: 'Signals fetched',
}));

export const replaySignalRoute = defineRoute(signalContracts.replaySignal, async ({ body, principal, scope }) => ({
  data: await replaySignal(principal, body.signal_id, scope.log),
  message: 'Signal sent again',
}));

export const signalLogRoutes = [getBridgeSignalsRoute, replaySignalRoute];
