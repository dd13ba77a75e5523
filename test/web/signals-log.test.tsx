import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signalContracts, signalViewSchema, type SignalView } from '../../shared/contracts/signals';
import { BRIDGE_ID, serveBridgeApi } from './custombridge-fixtures';
import { ACCOUNT_A } from './groups-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };
const EXECUTED_ID = 'a'.repeat(64);
const FAILED_ID = 'b'.repeat(64);

function signalFixture(overrides: Partial<SignalView> = {}): SignalView {
  return signalViewSchema.parse({
    signal_id: EXECUTED_ID,
    bridge_kind: 'custom',
    bridge_id: BRIDGE_ID,
    bridge_name: 'Nifty breakout',
    received_at: '2026-03-02T04:00:00.000Z',
    source: 'tradingview-text',
    status: 'executed',
    reason: null,
    problems: [],
    raw_body: 'BUY',
    raw_body_truncated: false,
    results: [{ plan_id: 'trigger', broker_id: ACCOUNT_A.broker_id, op_id: null, outcome: 'entered', reason: null, order_id: '01JF000000000000000000RD01' }],
    timeline: [
      { at: '2026-03-02T04:00:00.000Z', event: 'received', note: null },
      { at: '2026-03-02T04:00:00.004Z', event: 'queued', note: null },
      { at: '2026-03-02T04:00:00.012Z', event: 'picked_up', note: null },
      { at: '2026-03-02T04:00:00.015Z', event: 'resolved', note: 'NSE:SBIN' },
      { at: '2026-03-02T04:00:00.020Z', event: 'order_sent', note: null },
      { at: '2026-03-02T04:00:00.041Z', event: 'order_acknowledged', note: null },
      { at: '2026-03-02T04:00:00.042Z', event: 'executed', note: null },
    ],
    can_replay: false,
    ...overrides,
  });
}

const FAILED = signalFixture({ signal_id: FAILED_ID, received_at: '2026-03-02T04:05:00.000Z', status: 'failed', reason: 'The broker did not answer', can_replay: true, results: [], timeline: [{ at: '2026-03-02T04:05:00.000Z', event: 'received', note: null }] });

function serveSignals(signals: readonly SignalView[]) {
  return serveBridgeApi(
    {},
    {
      'POST /api/v4/users/bridge/getbridgesignals': async (request) => {
        const body = signalContracts.getBridgeSignals.request.parse(await request.clone().json());
        const items = signals.filter((signal) => (!body.status || signal.status === body.status) && (!body.bridge_id || signal.bridge_id === body.bridge_id));
        return jsonResponse(successBody({ items, next_cursor: null }));
      },
      'POST /api/v4/users/bridge/replaysignal': () => jsonResponse(successBody(signalFixture({ ...FAILED, status: 'queued', can_replay: false }))),
    },
  );
}

describe('signal log (/bridge/signal)', () => {
  afterEach(resetWebTestState);

  it('filters by status with the request filter', async () => {
    // Prepare
    const { requests } = serveSignals([FAILED, signalFixture()]);
    renderApp('/bridge/signal');
    const table = await screen.findByRole('table', {}, FIRST_RENDER);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The status stays in view on a phone, next to the time
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Received (IST)', 'Status', 'Bridge', 'Source', 'Reason']);
    // Act
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    // Assess
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    const bodies = await bodiesTo(requests, '/users/bridge/getbridgesignals');
    expect(bodies.at(-1)).toMatchObject({ status: 'failed', limit: 25 });
  });

  it('opens a row into a drawer with the timeline (relative ms), account results and raw body, without Replay when executed', async () => {
    // Prepare
    serveSignals([signalFixture()]);
    renderApp('/bridge/signal');
    const table = await screen.findByRole('table', {}, FIRST_RENDER);
    // Act
    fireEvent.click(within(table).getAllByRole('row')[1] as HTMLElement);
    // Assess
    const drawer = await screen.findByRole('dialog', { name: 'Signal from Nifty breakout' });
    const steps = within(within(drawer).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.signal-timeline__label')?.textContent)).toEqual(['Received', 'Queued', 'Picked up', 'Resolved', 'Order sent', 'Order acknowledged', 'Executed']);
    expect(steps[0]?.textContent).toContain('09:30:00.000');
    expect(steps[6]?.textContent).toContain('+42 ms');
    expect(within(drawer).getByText(ACCOUNT_A.broker_combined_name)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '01JF000000000000000000RD01' }).getAttribute('href')).toBe('/orderdetails?order_id=01JF000000000000000000RD01');
    expect(within(drawer).getByLabelText('Raw body').textContent).toBe('BUY');
    expect(within(drawer).queryByRole('button', { name: 'Replay' })).toBeNull();
  });

  it("names the signal's trigger and account in the timeline notes instead of their ids, and leaves other ids as written", async () => {
    // Prepare: notes as the worker writes them (plan id, then the account's id)
    const triggerId = `01JF${'0'.repeat(17)}TRG01`;
    const unknownId = `01JF${'0'.repeat(17)}0THR1`;
    const signal = signalFixture({
      results: [{ plan_id: triggerId, broker_id: ACCOUNT_A.broker_id, op_id: null, outcome: 'entered', reason: null, order_id: null }],
      timeline: [
        { at: '2026-03-02T04:00:00.000Z', event: 'received', note: null },
        { at: '2026-03-02T04:00:00.015Z', event: 'resolved', note: `${triggerId}: BUY 2 × SBIN; ${unknownId}: BUY 1 × SBIN` },
        { at: '2026-03-02T04:00:00.020Z', event: 'order_sent', note: `${triggerId} on ${ACCOUNT_A.broker_id}: BUY 2 SBIN` },
      ],
    });
    serveSignals([signal]);
    // Act
    renderApp(`/bridge/signal?signal_id=${EXECUTED_ID}`);
    // Assess
    const drawer = await screen.findByRole('dialog', { name: 'Signal from Nifty breakout' }, FIRST_RENDER);
    const notes = () => Array.from(within(drawer).getByRole('list', { name: 'Timeline' }).querySelectorAll('.signal-timeline__note'), (note) => note.textContent);
    await waitFor(() => expect(notes()).toEqual([`Trigger: BUY 2 × SBIN; ${unknownId}: BUY 1 × SBIN`, `Trigger on ${ACCOUNT_A.broker_combined_name}: BUY 2 SBIN`]));
  });

  it('replays a failed signal from its drawer and reads the log again', async () => {
    // Prepare
    const { requests } = serveSignals([FAILED]);
    renderApp(`/bridge/signal?signal_id=${FAILED_ID}`);
    const drawer = await screen.findByRole('dialog', { name: 'Signal from Nifty breakout' }, FIRST_RENDER);
    const readsBefore = (await bodiesTo(requests, '/users/bridge/getbridgesignals')).length;
    // Act
    fireEvent.click(within(drawer).getByRole('button', { name: 'Replay' }));
    // Assess
    await waitFor(async () => expect(await bodiesTo(requests, '/users/bridge/replaysignal')).toEqual([{ signal_id: FAILED_ID }]));
    await waitFor(async () => expect((await bodiesTo(requests, '/users/bridge/getbridgesignals')).length).toBeGreaterThan(readsBefore));
  });
});
