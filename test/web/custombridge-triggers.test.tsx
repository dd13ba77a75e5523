import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_A } from './groups-fixtures';
import { BRIDGE_ID, serveBridgeApi, SIGNAL_ID, THREE_UP_TRIGGERS, triggerFixture } from './custombridge-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };
const PAGE = `/bridge/custombridge/${BRIDGE_ID}`;
const [FIRST, SECOND, THIRD] = THREE_UP_TRIGGERS.map((trigger) => trigger.trigger_id);

/** The UP list's rows, top to bottom, as "priority script". */
async function upRows(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'UP triggers' }, FIRST_RENDER);
  return within(list)
    .getAllByRole('listitem')
    .map((row) => `${within(row).getByLabelText(/^Priority/).textContent} ${within(row).queryByText(/^EQUITY NSE:/)?.textContent?.slice('EQUITY NSE:'.length) ?? ''}`);
}

function drag(from: HTMLElement, to: HTMLElement): void {
  const data = new Map<string, string>();
  const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: '', dropEffect: '' };
  for (const [target, type] of [[from, 'dragStart'], [to, 'dragOver'], [to, 'drop']] as const) {
    const event = createEvent[type](target);
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    fireEvent(target, event);
  }
}

describe('custom bridge triggers (/bridge/custombridge/{bridge_id})', () => {
  afterEach(resetWebTestState);

  it('lists the UP triggers in priority order', async () => {
    // Prepare
    serveBridgeApi();
    // Act
    renderApp(PAGE);
    // Assess
    expect(await upRows()).toEqual(['1 SBIN', '2 INFY', '3 TCS']);
    expect(screen.getByText('No DOWN triggers: a DOWN signal places nothing.')).toBeTruthy();
  });

  it('shows field errors from the request schema and sends nothing until they are fixed, then sends the whole template', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ triggers: [] });
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Add UP trigger' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Add UP trigger' });
    await within(dialog).findByRole('option', { name: ACCOUNT_A.broker_combined_name });
    // Act: no account, no script, a LIMIT order without its price
    fireEvent.change(within(dialog).getByLabelText('Order type'), { target: { value: 'LIMIT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add trigger' }));
    // Assess
    expect(await within(dialog).findByText('Choose the account or group the trigger trades on.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a script such as SBIN or NIFTY.')).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/addbridgetrigger'))).toBe(false);
    // Act: fill them in (EQUITY NSE:SBIN, MARKET, 1 share on the paper account)
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: ACCOUNT_A.broker_id } });
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: 'sbin' } });
    fireEvent.change(within(dialog).getByLabelText('Order type'), { target: { value: 'MARKET' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add trigger' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [body] = await bodiesTo(requests, '/users/bridge/addbridgetrigger');
    expect(body).toMatchObject({
      bridge_id: BRIDGE_ID,
      direction: 'UP',
      target_kind: 'account',
      target_id: ACCOUNT_A.broker_id,
      script_type: 'EQUITY',
      script: 'SBIN',
      exchange: 'NSE',
      option_base: null,
      option_side: null,
      expiry_type: null,
      transaction_type: null,
      quantity: 1,
      product: 'INTRADAY',
      order_type: 'MARKET',
      price: null,
      entry_type: 'DIRECT',
      is_tgt: false,
      is_sl: false,
      exit_opposite: false,
    });
    expect(await upRows()).toEqual(['1 SBIN']);
  });

  it("sends an OPTION trigger's base, strike offset, side and expiry", async () => {
    // Prepare
    const { requests } = serveBridgeApi({ triggers: [] });
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Add UP trigger' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Add UP trigger' });
    await within(dialog).findByRole('option', { name: ACCOUNT_A.broker_combined_name });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: ACCOUNT_A.broker_id } });
    fireEvent.change(within(dialog).getByLabelText('Script type'), { target: { value: 'OPTION' } });
    fireEvent.change(within(dialog).getByLabelText('Underlying'), { target: { value: 'NIFTY' } });
    fireEvent.change(within(dialog).getByLabelText('Strike offset'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Option side'), { target: { value: 'CE' } });
    fireEvent.change(within(dialog).getByLabelText('Order Lot'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add trigger' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [body] = await bodiesTo(requests, '/users/bridge/addbridgetrigger');
    expect(body).toMatchObject({ script_type: 'OPTION', option_base: 'INDEX', script: 'NIFTY', exchange: null, strike_offset: 2, option_side: 'CE', expiry_type: 'weekly', expiry_gap: 0, quantity: 3 });
  });

  it("trades the alert's symbols when chosen: no script field, MARKET only, and the row says so", async () => {
    // Prepare
    const { requests } = serveBridgeApi({ triggers: [] });
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Add UP trigger' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Add UP trigger' });
    await within(dialog).findByRole('option', { name: ACCOUNT_A.broker_combined_name });
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: ACCOUNT_A.broker_id } });
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: 'SBIN' } });
    fireEvent.change(within(dialog).getByLabelText('Order type'), { target: { value: 'LIMIT' } });
    // Act
    fireEvent.change(within(dialog).getByLabelText('Symbol source'), { target: { value: 'SIGNAL' } });
    // Assess: the script field is gone and MARKET is the only order type, with why
    expect(within(dialog).queryByLabelText('Symbol')).toBeNull();
    const orderType = within(dialog).getByLabelText('Order type');
    expect(within(orderType).getAllByRole('option').map((option) => option.textContent)).toEqual(['MARKET']);
    expect(orderType).toHaveProperty('value', 'MARKET');
    expect(within(dialog).getByText(/MARKET only with the alert's symbols/)).toBeTruthy();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add trigger' }));
    // Assess: sent without the script typed before, and listed as trading the alert's symbols
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [body] = await bodiesTo(requests, '/users/bridge/addbridgetrigger');
    expect(body).toMatchObject({ script_type: 'EQUITY', script_source: 'SIGNAL', script: null, exchange: 'NSE', order_type: 'MARKET', price: null });
    const row = await screen.findByRole('listitem', { name: 'UP trigger 1' });
    expect(within(row).getByText("EQUITY the alert's symbols (NSE unless the alert names one)")).toBeTruthy();
  });

  it("opens a saved trigger on the alert's symbols as such, and switching back to a fixed symbol asks for one", async () => {
    // Prepare
    serveBridgeApi({ triggers: [triggerFixture(0, { script_source: 'SIGNAL', script: null, exchange: null })] });
    renderApp(PAGE);
    const row = await screen.findByRole('listitem', { name: 'UP trigger 1' }, FIRST_RENDER);
    expect(within(row).getByText("EQUITY the alert's symbols")).toBeTruthy();
    // Act
    fireEvent.click(within(row).getByRole('button', { name: 'Edit UP trigger 1' }));
    const dialog = await screen.findByRole('dialog', { name: /UP trigger 1/ });
    // Assess
    expect(within(dialog).getByLabelText('Symbol source')).toHaveProperty('value', 'SIGNAL');
    expect(within(dialog).queryByLabelText('Symbol')).toBeNull();
    // Act: back to a fixed symbol, left empty
    fireEvent.change(within(dialog).getByLabelText('Symbol source'), { target: { value: 'TRIGGER' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save trigger' }));
    // Assess
    expect(await within(dialog).findByText('Enter a script such as SBIN or NIFTY.')).toBeTruthy();
  });

  it('deletes a trigger after confirming, and the list renumbers from 1 as the server answers', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp(PAGE);
    await upRows();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Delete UP trigger 1' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete UP trigger 1?' })).getByRole('button', { name: 'Delete trigger' }));
    // Assess
    await waitFor(async () => expect(await upRows()).toEqual(['1 INFY', '2 TCS']));
    expect(await bodiesTo(requests, '/users/bridge/removebridgetrigger')).toEqual([{ bridge_id: BRIDGE_ID, trigger_id: FIRST }]);
  });

  it('reorders by dragging a row onto another and sends the new order', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp(PAGE);
    await upRows();
    // Act: drag the third trigger onto the first
    drag(screen.getByRole('listitem', { name: 'UP trigger 3' }), screen.getByRole('listitem', { name: 'UP trigger 1' }));
    // Assess
    await waitFor(async () => expect(await upRows()).toEqual(['1 TCS', '2 SBIN', '3 INFY']));
    expect(await bodiesTo(requests, '/users/bridge/updatetriggerspriorities')).toEqual([{ bridge_id: BRIDGE_ID, direction: 'UP', trigger_ids: [THIRD, FIRST, SECOND] }]);
  });

  it('reorders with the arrow buttons for keyboard and touch', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp(PAGE);
    await upRows();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Move UP trigger 1 down' }));
    // Assess
    await waitFor(async () => expect(await upRows()).toEqual(['1 INFY', '2 SBIN', '3 TCS']));
    expect(await bodiesTo(requests, '/users/bridge/updatetriggerspriorities')).toEqual([{ bridge_id: BRIDGE_ID, direction: 'UP', trigger_ids: [SECOND, FIRST, THIRD] }]);
    expect(screen.getByRole('button', { name: 'Move UP trigger 1 up' })).toHaveProperty('disabled', true);
  });

  it('fires UP only after confirming, and shows the signal with a link to the signal log', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp(PAGE);
    await upRows();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Fire UP now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fire UP now?' });
    // Assess: nothing is sent before the confirmation
    expect(within(dialog).getByText(/Runs the 3 UP triggers now/)).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/placebridgeorder'))).toBe(false);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fire UP' }));
    // Assess
    const sent = await screen.findByRole('dialog', { name: 'UP signal sent' });
    expect(within(sent).getByText(SIGNAL_ID)).toBeTruthy();
    expect(within(sent).getByRole('link', { name: 'See it in the signal log' }).getAttribute('href')).toBe(`/bridge/signal?bridge_id=${BRIDGE_ID}&signal_id=${SIGNAL_ID}`);
    const [body] = await bodiesTo(requests, '/users/bridge/placebridgeorder');
    expect(body).toMatchObject({ bridge_id: BRIDGE_ID, direction: 'UP' });
    expect(String(body?.idempotency_key)).toMatch(/^fire-[0-9a-f]{32}$/);
  });
});
