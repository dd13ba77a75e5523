import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBridgeOrderSchema } from '../../shared/domain/json-bridge-order';
import { BRIDGE_ID, jsonBridgeFixture, serveJsonBridgeApi } from './jsonbridge-fixtures';
import { jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const FIRST_RENDER = { timeout: 5_000 };
const ANSWER_202 = { status: true, data: { signal_id: 'SIG-1' }, result: 'Accepted' };

async function openGenerator(overrides = {}) {
  const api = serveJsonBridgeApi([jsonBridgeFixture()], [], overrides);
  renderApp(`/bridge/jsonbridge/${BRIDGE_ID}/syntaxgenerator`);
  await screen.findByRole('heading', { level: 2, name: 'Json Bridge syntax generator' }, FIRST_RENDER);
  return api;
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const generated = () => JSON.parse(screen.getByTestId('syntax-json').textContent ?? '') as Record<string, unknown>;

describe('Json Bridge syntax generator (/bridge/jsonbridge/{id}/syntaxgenerator)', () => {
  afterEach(resetWebTestState);

  it('writes an equity order the webhook schema accepts', async () => {
    // Prepare
    await openGenerator();
    // Act
    change('Script (trading symbol)', 'SBIN');
    change('Quantity (shares, or lots for F&O)', '10');
    fireEvent.click(screen.getByLabelText('Set a stop-loss'));
    change('Stop-loss value', '4');
    // Assess
    expect(generated()).toEqual({
      type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 10, transaction_type: 'BUY',
      exit_on_opposite: false, is_tgt: false, is_sl: true, is_trail_set: false, sl_type: 'POINT', sl_value: 4,
    });
    expect(jsonBridgeOrderSchema.safeParse(generated()).success).toBe(true);
    expect(screen.getByText('The webhook accepts this order.')).toBeTruthy();
  });

  it('writes an ATM option order and a premium option order, both accepted', async () => {
    // Prepare
    await openGenerator();
    change('Script type', 'CE');
    change('Script (underlying, e.g. NIFTY)', 'NIFTY');
    change('ATM gap (strikes)', '-1');
    // Assess
    expect(generated()).toMatchObject({ script_type: 'CE', option_selection: 'ATM_BASED', script: 'NIFTY', atm_gap: -1, expiry_gap: 0, expiry_type: 'weekly' });
    expect(jsonBridgeOrderSchema.safeParse(generated()).success).toBe(true);
    // Act
    change('Option selection', 'PREMIUM_BASED');
    change('Premium', '120');
    change('Max variation', '15');
    // Assess
    const premium = generated();
    expect(premium).toMatchObject({ option_selection: 'PREMIUM_BASED', premium_value: 120, max_variation: 15 });
    expect(premium).not.toHaveProperty('atm_gap');
    expect(jsonBridgeOrderSchema.safeParse(premium).success).toBe(true);
  });

  it('lists by field what the webhook would refuse', async () => {
    // Prepare
    await openGenerator();
    change('Script type', 'FUT');
    change('Script (trading symbol)', 'NIFTY26MARFUT');
    // Act
    change('Expiry type', 'weekly');
    fireEvent.click(screen.getByLabelText('Trail the stop-loss'));
    // Assess
    const problems = within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(problems).toEqual(expect.arrayContaining([
      'expiry_type: futures expire monthly: expected monthly',
      'is_trail_set: a trailing stop moves the stop-loss: set is_sl to true as well',
    ]));
    expect(jsonBridgeOrderSchema.safeParse(generated()).success).toBe(false);
  });

  it('puts TradingView placeholders in for action, contracts and position size', async () => {
    // Prepare
    await openGenerator();
    change('Script (trading symbol)', 'SBIN');
    // Act
    fireEvent.click(screen.getByLabelText('Send position_size (the position to hold afterwards)'));
    fireEvent.click(screen.getByLabelText('Use TradingView placeholders for action, contracts and position size'));
    // Assess
    expect(generated()).toMatchObject({
      transaction_type: '{{strategy.order.action}}',
      quantity: '{{strategy.order.contracts}}',
      position_size: '{{strategy.position_size}}',
    });
    expect(screen.getByText('The webhook accepts this order (placeholders checked with sample values).')).toBeTruthy();
  });

  it('sends a test signal to a pasted webhook URL and shows the answer', async () => {
    // Prepare
    const key = 'x'.repeat(43);
    const { requests } = await openGenerator({ [`POST /api/v4/users/jsonbridge/webhook/${BRIDGE_ID}/${key}`]: () => jsonResponse(ANSWER_202, 202) });
    change('Script (trading symbol)', 'SBIN');
    // Act: a URL of another place is refused before anything is sent
    change('Webhook URL', 'https://example.com/hook');
    fireEvent.click(screen.getByRole('button', { name: 'Send test signal' }));
    // Assess
    expect(await screen.findByText("Paste this bridge's webhook URL (shown when the bridge or its key was made).")).toBeTruthy();
    // Act
    change('Webhook URL', `http://localhost:3000/api/v4/users/jsonbridge/webhook/${BRIDGE_ID}/${key}`);
    fireEvent.click(screen.getByRole('button', { name: 'Send test signal' }));
    // Assess
    const answer = await screen.findByTestId('test-signal-answer');
    expect(answer.textContent).toContain('HTTP 202');
    expect(answer.textContent).toContain('SIG-1');
    const sent = requests.filter((request) => request.url.includes('/webhook/'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(await sent[0]?.clone().json()).toMatchObject({ script: 'SBIN', transaction_type: 'BUY', quantity: 1 });
  });
});
