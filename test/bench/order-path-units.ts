import { ORDER_FAN_OUT_CONCURRENCY } from '../../shared/contracts/groups';
import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../shared/domain/brokers';
import { SIGNAL_FAN_OUT_CONCURRENCY } from '../../functions/signals/execution/execute-plans';
import type { EngineFloorFigures } from './engine-floor';
import type { GroupFanOutFigures } from './group-fan-out';
import type { PlaceOrderFigures } from './place-order-latency';
import type { SignalFanOutFigures } from './signal-fan-out';
import type { SignalPathFigures } from './signal-path';

/**
 * Issue 22's order figures in floor units: one unit = p50 of one DynamoDB Local GetItem through the
 * SDK after an idle pause, measured once at the start of the order-path part of the same run.
 */
export interface UnitFigure {
  readonly name: string;
  /** null for a count (then `count` holds it). */
  readonly ms: number | null;
  readonly units: number | null;
  readonly count?: number;
  readonly target: string;
  /** null: shown for context, no target of its own. */
  readonly ok: boolean | null;
}

export interface OrderPathUnits {
  readonly floorUnitMs: number;
  readonly figures: readonly UnitFigure[];
}

export interface OrderPathMeasurements {
  /** The order path's own floor (bench platform, before the place-order lanes). */
  readonly floor: EngineFloorFigures;
  readonly placeOrder: PlaceOrderFigures;
  readonly fanOut: GroupFanOutFigures;
  readonly signalPath: SignalPathFigures;
  readonly signalFanOut: SignalFanOutFigures;
}

/** Issue 22's targets, in floor units unless named in ms. */
export const UNIT_TARGETS = {
  paperAdapterP50Units: 2,
  ownTimeP50Units: 5,
  ownTimeP99Units: 12,
  brokerCallsBeforeAnswer: 1,
  statusFollowsP99Ms: 1_000,
  firstChildSentUnits: 4,
  allPlacedMs: 1_000,
  allPlacedTimesParallelFloor: 4,
  workerOverheadP50Units: 2,
  workerOverheadP50ExtraMs: 3,
  webhookAcceptP99Units: 6,
} as const;

const round = (value: number) => Math.round(value * 100) / 100;

interface FanOutRow {
  readonly label: string;
  readonly children: number;
  readonly placed: number;
  readonly placedMs: number;
  readonly firstSentMs: number;
  readonly lastSentMs: number;
  readonly latencyMs: number;
  readonly brokerCallsPerChild: number;
  readonly concurrency: number;
  readonly maxOrdersPerSecondPerAccount: number;
  readonly duplicates: number;
}

export function orderPathUnits(measured: OrderPathMeasurements): OrderPathUnits {
  const floorUnitMs = measured.floor.getSdk.p50Ms;
  const units = (ms: number) => Math.round((ms / floorUnitMs) * 10) / 10;
  const T = UNIT_TARGETS;
  const timed = (name: string, ms: number, target: string, ok: boolean | null): UnitFigure => ({ name, ms: round(ms), units: units(ms), target, ok });
  const counted = (name: string, count: number, target: string, ok: boolean | null): UnitFigure => ({ name, ms: null, units: null, count: round(count), target, ok });
  const withinUnits = (ms: number, limit: number) => ms <= limit * floorUnitMs;

  const { paperUseCase: paper, kite } = measured.placeOrder;
  const oneRttPlusFive = kite.rttMs + T.ownTimeP50Units * floorUnitMs;
  const fanOutRows = (row: FanOutRow): UnitFigure[] => {
    const parallelFloorMs = Math.ceil(row.children / row.concurrency) * row.brokerCallsPerChild * row.latencyMs;
    const allPlaced = row.placed === row.children;
    return [
      timed(`${row.label}: first child sent`, row.firstSentMs, `≤ ${T.firstChildSentUnits} units`, withinUnits(row.firstSentMs, T.firstChildSentUnits)),
      timed(`${row.label}: last child sent`, row.lastSentMs, '', null),
      counted(`${row.label}: broker calls per child before its answer`, row.brokerCallsPerChild, '', null),
      timed(`${row.label}: all ${row.children} placed (${row.placed} placed)`, row.placedMs, `≤ ${T.allPlacedMs} ms`, allPlaced && row.placedMs <= T.allPlacedMs),
      timed(
        `${row.label}: all placed vs the parallel floor ⌈${row.children}/${row.concurrency}⌉ × ${round(row.brokerCallsPerChild)} × ${row.latencyMs} ms = ${round(parallelFloorMs)} ms`,
        row.placedMs,
        `≤ ${T.allPlacedTimesParallelFloor} × floor = ${round(T.allPlacedTimesParallelFloor * parallelFloorMs)} ms`,
        allPlaced && row.placedMs <= T.allPlacedTimesParallelFloor * parallelFloorMs,
      ),
      counted(`${row.label}: max orders/s per account`, row.maxOrdersPerSecondPerAccount, `≤ ${MAX_ORDERS_PER_SECOND_PER_ACCOUNT}`, row.maxOrdersPerSecondPerAccount <= MAX_ORDERS_PER_SECOND_PER_ACCOUNT),
      counted(`${row.label}: duplicates`, row.duplicates, '0', row.duplicates === 0),
    ];
  };
  const { fanOut, signalFanOut, signalPath } = measured;
  const overhead = signalPath.latency.workerOverhead;
  const accept = signalPath.webhookAccept;

  const figures: UnitFigure[] = [
    timed('paper, use-case: total p50', paper.p50Ms, '', null),
    timed('paper, use-case: total p99', paper.p99Ms, '', null),
    timed("paper, use-case: the paper adapter's placeOrder p50", paper.adapterPlace.p50Ms, `≤ ${T.paperAdapterP50Units} units`, withinUnits(paper.adapterPlace.p50Ms, T.paperAdapterP50Units)),
    timed("paper, use-case: platform's own time (total − adapter) p50", paper.ownTime.p50Ms, `≤ ${T.ownTimeP50Units} units`, withinUnits(paper.ownTime.p50Ms, T.ownTimeP50Units)),
    timed("paper, use-case: platform's own time (total − adapter) p99", paper.ownTime.p99Ms, `≤ ${T.ownTimeP99Units} units`, withinUnits(paper.ownTime.p99Ms, T.ownTimeP99Units)),
    timed(`Kite at ${kite.rttMs} ms RTT via the gateway: p50`, kite.p50Ms, `≤ 1 RTT + ${T.ownTimeP50Units} units = ${round(oneRttPlusFive)} ms`, kite.errors === 0 && kite.p50Ms <= oneRttPlusFive),
    timed(`Kite at ${kite.rttMs} ms RTT via the gateway: p99`, kite.p99Ms, '', null),
    counted('Kite: broker calls per order before the answer', kite.callsBeforeAnswer, `≤ ${T.brokerCallsBeforeAnswer}`, kite.callsBeforeAnswer <= T.brokerCallsBeforeAnswer),
    counted('Kite: broker calls per order after the answer (order-status follow-up)', kite.callsAfterAnswer, '', null),
    timed(`Kite: own time (total − ${kite.rttMs} ms × calls before the answer) p50`, kite.ownTime.p50Ms, `≤ ${T.ownTimeP50Units} units`, withinUnits(kite.ownTime.p50Ms, T.ownTimeP50Units)),
    timed(`Kite: own time (total − ${kite.rttMs} ms × calls before the answer) p99`, kite.ownTime.p99Ms, `≤ ${T.ownTimeP99Units} units`, withinUnits(kite.ownTime.p99Ms, T.ownTimeP99Units)),
    timed('Kite: status follows the answer p50', kite.statusFollows.p50Ms, '', null),
    timed(
      `Kite: status follows the answer p99 (${kite.statusFollows.samples + kite.statusFollows.errors} orders, ${kite.statusFollows.errors} still pending at 3 s)`,
      kite.statusFollows.p99Ms,
      `≤ ${T.statusFollowsP99Ms} ms`,
      kite.statusFollows.errors === 0 && kite.statusFollows.p99Ms <= T.statusFollowsP99Ms,
    ),
    ...fanOutRows({ label: 'group fan-out', ...fanOut, concurrency: ORDER_FAN_OUT_CONCURRENCY }),
    ...fanOutRows({ label: 'signal fan-out', ...signalFanOut, concurrency: SIGNAL_FAN_OUT_CONCURRENCY }),
    timed(
      'signal worker overhead p50 (record → broker request sent)',
      overhead.p50Ms,
      `≤ ${T.workerOverheadP50Units} units + ${T.workerOverheadP50ExtraMs} ms = ${round(T.workerOverheadP50Units * floorUnitMs + T.workerOverheadP50ExtraMs)} ms`,
      signalPath.latency.errors === 0 && overhead.p50Ms <= T.workerOverheadP50Units * floorUnitMs + T.workerOverheadP50ExtraMs,
    ),
    timed(`webhook accept p99 at ${accept.ratePerSecond} req/s`, accept.p99Ms, `≤ ${T.webhookAcceptP99Units} units`, accept.errors === 0 && withinUnits(accept.p99Ms, T.webhookAcceptP99Units)),
  ];
  return { floorUnitMs: round(floorUnitMs), figures };
}

/** The table "Issue 22 — orders at the floor". */
export function printOrderPathUnits(block: OrderPathUnits): void {
  console.log(`\nIssue 22 — orders at the floor (floor unit ${block.floorUnitMs} ms: one DynamoDB Local GetItem through the SDK, p50, this run)`);
  console.table(
    block.figures.map((figure) => ({
      figure: figure.name,
      ms: figure.ms ?? '',
      units: figure.units ?? '',
      count: figure.count ?? '',
      target: figure.target,
      ok: figure.ok === null ? '' : figure.ok ? 'yes' : 'NO',
    })),
  );
}
