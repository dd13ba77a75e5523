import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRATEGY_RECORD_CHANGED_MESSAGE, STRATEGY_RECORDS_NOTICE } from '../../shared/contracts/strategy-records';
import { GROUP_ID } from './groups-fixtures';
import {
  MANAGE_PATH,
  NOW,
  PLAN_ID,
  RECORD_ID,
  STRATEGIES_PATH,
  STRATEGY,
  ok,
  permissionUser,
  planFixture,
  recordFixture,
  sentStrategyBodies,
  serveStrategyApi,
} from './group-strategy-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const call = (name: string) => `POST ${STRATEGIES_PATH}/${name}`;

async function openRecordsTab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'RECORDS' }));
  return screen.findByRole('table', { name: 'Computed record' });
}

// The first test of a file also loads the page's chunk, and each walks a dialog: slow on a busy machine.
describe('managing a group strategy', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows the strategy and its plans, with the price in Indian grouping and withdrawn plans marked', async () => {
    // Prepare
    serveStrategyApi({ plans: [planFixture(), planFixture({ plan_id: '01JF00000000000000000PN002', label: 'Monthly', withdrawn: true, withdrawn_at: '2026-03-02T00:00:00.000Z' })] });
    // Act
    renderApp(MANAGE_PATH);
    // Assess
    expect(await screen.findByRole('heading', { level: 3, name: 'Nifty momentum' })).toBeTruthy();
    expect(screen.getByText('PRIVATE')).toBeTruthy();
    expect(screen.getByText('Intraday Nifty options.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(within(table).getAllByText('₹1,23,456.50')).toHaveLength(2);
    expect(within(table).getAllByText('90 days')).toHaveLength(2);
    expect(within(table).getAllByText('Needs ₹2 lakh of margin')).toHaveLength(2);
    expect(within(table).getByText('Withdrawn')).toBeTruthy();
    // A withdrawn plan cannot be withdrawn again
    expect(within(table).getByRole('button', { name: 'Withdraw Quarterly' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Withdraw Monthly' })).toBeNull();
  });

  it('adds a plan with the exact contract body, and shows the server field error on its field', async () => {
    // Prepare
    let answers = 0;
    const { requests } = serveStrategyApi({}, {
      [call('addstrategyplan')]: () =>
        ++answers === 1
          ? jsonResponse({ status: false, msg: 'Check the plan.', error: { message: 'Check the plan.', code: 'VALIDATION_FAILED', details: [{ path: 'label', message: 'This label is taken.' }] } }, 400)
          : ok(planFixture({ label: 'Weekly', duration_days: 7, price_credits: 499 })),
    });
    renderApp(MANAGE_PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add plan' });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: ' Weekly ' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (days)'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText('Price (₹)'), { target: { value: '499' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    // Assess: the server's message sits on the label field
    expect(await within(dialog).findByText('This label is taken.')).toBeTruthy();
    // Act
    fireEvent.change(within(dialog).getByLabelText('Minimum capital note (optional)'), { target: { value: 'Needs ₹50,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    // Assess
    expect(await screen.findByText('Weekly is offered.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const bodies = await sentStrategyBodies(requests, 'addstrategyplan');
    expect(bodies).toEqual([
      { group_id: GROUP_ID, label: 'Weekly', duration_days: 7, price_credits: 499 },
      { group_id: GROUP_ID, label: 'Weekly', duration_days: 7, price_credits: 499, min_capital_note: 'Needs ₹50,000' },
    ]);
  });

  it('withdraws a plan only after the confirm that says subscribers keep it to its end', async () => {
    // Prepare
    const { requests } = serveStrategyApi({ plans: [planFixture()] }, { [call('deletestrategyplan')]: () => ok(planFixture({ withdrawn: true, withdrawn_at: NOW.toISOString() })) });
    renderApp(MANAGE_PATH);
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Quarterly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Quarterly?' });
    // Assess
    expect(within(dialog).getByText('Existing subscribers keep their plan to its end; it is no longer offered.')).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'deletestrategyplan')).toEqual([]);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    // Assess
    expect(await screen.findByText('Quarterly is withdrawn.')).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'deletestrategyplan')).toEqual([{ group_id: GROUP_ID, plan_id: PLAN_ID }]);
  });

  it('shows the SEBI notice, the owner entries and the computed table over the last 30 days', async () => {
    // Prepare
    const { requests } = serveStrategyApi({ records: [recordFixture()] });
    renderApp(MANAGE_PATH);
    // Act
    const computed = await openRecordsTab();
    // Assess
    expect(screen.getByText(STRATEGY_RECORDS_NOTICE)).toBeTruthy();
    expect(screen.getByText("Computed from the master account's fills — not editable")).toBeTruthy();
    const day = within(computed).getByRole('row', { name: /03-03-2026/ });
    expect(within(day).getByText('14')).toBeTruthy();
    expect(within(day).getByText('₹2,45,000.00')).toBeTruthy();
    expect(within(day).getByText('75.00%')).toBeTruthy();
    const entries = screen.getByRole('table', { name: 'Your entries' });
    expect(within(entries).getByText('Expiry day')).toBeTruthy();
    expect(within(entries).getByText('-₹1,250.50')).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'getstrategyrecords')).toEqual([{ group_id: GROUP_ID, from_date: '2026-02-03', to_date: '2026-03-05' }]);
  });

  it('adds a record with the contract body', async () => {
    // Prepare
    const { requests } = serveStrategyApi({}, { [call('addstrategyrecord')]: () => ok(recordFixture({ title: 'Gap up', version: 1 })) });
    renderApp(MANAGE_PATH);
    await openRecordsTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add record' });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Gap up' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Held to close' } });
    fireEvent.change(within(dialog).getByLabelText('P&L (₹)'), { target: { value: '-1,250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add record' }));
    // Assess
    expect(await screen.findByText('The record is added.')).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'addstrategyrecord')).toEqual([
      { group_id: GROUP_ID, date: '2026-03-05', title: 'Gap up', notes: 'Held to close', pnl: -1250.5 },
    ]);
  });

  it('edits a record at the version it read and shows the server message on a 409', async () => {
    // Prepare
    const { requests } = serveStrategyApi(
      { records: [recordFixture()] },
      { [call('updatestrategyrecord')]: () => jsonResponse(errorBody(STRATEGY_RECORD_CHANGED_MESSAGE, 'CONFLICT'), 409) },
    );
    renderApp(MANAGE_PATH);
    await openRecordsTab();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Edit Expiry day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Expiry day' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Expiry day, rolled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    expect(await within(dialog).findByText(STRATEGY_RECORD_CHANGED_MESSAGE)).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'updatestrategyrecord')).toEqual([
      { group_id: GROUP_ID, record_id: RECORD_ID, version: 3, date: '2026-03-04', title: 'Expiry day, rolled', notes: 'Rolled over', pnl: -1250.5 },
    ]);
  });

  it('permits and revokes a user of the franchise with the contract body, and says a paid period runs on', async () => {
    // Prepare
    const asha = permissionUser();
    const ravi = permissionUser({ user_id: 42, email: 'ravi@example.com', name: 'Ravi Kumar', permitted: true });
    const { requests } = serveStrategyApi(
      { users: [asha, ravi] },
      { [call('updatestrategypermission')]: () => ok({ changed: ['x'], unchanged: [] }) },
    );
    renderApp(MANAGE_PATH);
    // Assess
    expect(await screen.findByText(/a period already paid for runs to its end/)).toBeTruthy();
    const revoke = await screen.findByRole('checkbox', { name: 'Ravi Kumar (ravi@example.com)' });
    expect((revoke as HTMLInputElement).checked).toBe(true);
    // Act
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asha Rao (asha@example.com)' }));
    expect(await screen.findByText('asha@example.com may now see this strategy.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Ravi Kumar (ravi@example.com)' }) as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ravi Kumar (ravi@example.com)' }));
    // Assess
    expect(await screen.findByText('ravi@example.com may no longer see this strategy.')).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'updatestrategypermission')).toEqual([
      { group_id: GROUP_ID, emails: ['asha@example.com'], allowed: true },
      { group_id: GROUP_ID, emails: ['ravi@example.com'], allowed: false },
    ]);
    expect(await sentStrategyBodies(requests, 'getsubuseremails')).toContainEqual({ group_id: GROUP_ID, offset: 0, limit: 20 });
  });

  it('searches the franchise users from the first page', async () => {
    // Prepare
    const { requests } = serveStrategyApi({ users: [permissionUser()] });
    renderApp(MANAGE_PATH);
    // Act
    fireEvent.change(await screen.findByLabelText('Search users'), { target: { value: ' asha ' } });
    // Assess
    await waitFor(async () => expect(await sentStrategyBodies(requests, 'getsubuseremails')).toContainEqual({ group_id: GROUP_ID, search: 'asha', offset: 0, limit: 20 }));
  });

  it('leaves the permissions out for a PUBLIC strategy', async () => {
    // Prepare
    serveStrategyApi({ group: { ...STRATEGY, visibility: 'PUBLIC' } });
    // Act
    renderApp(MANAGE_PATH);
    // Assess
    expect(await screen.findByText('PUBLIC')).toBeTruthy();
    expect(await screen.findByText('No plans yet. Add one so users can subscribe.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Permissions' })).toBeNull();
    expect(screen.queryByLabelText('Search users')).toBeNull();
  });
});
