import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_PRICE_SEED, paperLtp } from '../../functions/broker-adapters/paper/price-feed';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { tradingDay } from '../../shared/domain/market-clock';
import { logInThroughForm } from './support/session';
import { cellText, connectTradingPaperAccount, pageOverflow, settledArtifact } from './support/screens';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const GROUP = 'TradingView signals';
const BRIDGE = 'SBIN alerts';
/** One tick past the entry: a target the paper price soon reaches, on the side and at the moment chosen below. */
const TARGET_POINTS = '0.05';
/** Generous: the first monitor run after the entry may be a minute away; no assertion is made on speed. */
const EXIT_WAIT_MS = 240_000;

/**
 * The paper feed is a pure function of (seed, script, second) (functions/brokers/paper/price-feed.ts),
 * so the test reads SBIN's coming prices to choose when to send the order and on which side: a second
 * after which, whatever second of the entry window the order fills in (with its one tick of
 * slippage), the price later stays at or past that entry plus the target for longer than the
 * monitor's pause between two runs, after the monitor's first run has surely started (the local
 * scheduler starts one each minute). A random walk may otherwise wander away from one side's target
 * for many minutes; looking at both sides keeps the wait to a few minutes at worst. A one-minute crossing
 * window (the monitor ticks each second, so a 5 s hold is seen) bounds the exit at ~2.5 minutes after sending,
 * which keeps the suite's time steady (a two-minute window once let this test take 144 s).
 */
const PLAN = { entryWindowS: 20, firstRunWithinS: 65, crossingWindowS: 60, holdS: 5, horizonS: 15 * 60 } as const;
const SIDES = [
  { side: 'BUY', sign: 1 },
  { side: 'SELL', sign: -1 },
] as const;
const sbin = buildSampleMaster(tradingDay()).instruments.find((row) => row.script_id === 'NSE:SBIN');

function targetMomentAfter(fromMs: number): { side: (typeof SIDES)[number]['side']; atMs: number } {
  if (!sbin) throw new Error('NSE:SBIN is not in the sample master');
  const first = Math.ceil(fromMs / 1000);
  const lookAhead = PLAN.horizonS + PLAN.entryWindowS + PLAN.firstRunWithinS + PLAN.crossingWindowS;
  const prices = Array.from({ length: lookAhead }, (_, index) => paperLtp(DEFAULT_PRICE_SEED, sbin, new Date((first + index) * 1000)));
  for (let start = 0; start < PLAN.horizonS; start += 1) {
    for (const { side, sign } of SIDES) {
      // Signed prices: a profit is a rise for a BUY and a fall for a SELL.
      const worstEntry = Math.max(...prices.slice(start, start + PLAN.entryWindowS).map((price) => sign * price)) + sbin.tick_size;
      const level = worstEntry + Number(TARGET_POINTS) - 1e-9;
      const watchedFrom = start + PLAN.entryWindowS + PLAN.firstRunWithinS;
      let held = 0;
      for (let index = watchedFrom; index < watchedFrom + PLAN.crossingWindowS; index += 1) {
        held = sign * (prices[index] ?? 0) >= level ? held + 1 : 0;
        if (held >= PLAN.holdS) return { side, atMs: (first + start) * 1000 };
      }
    }
  }
  throw new Error(`the paper feed reaches no target within ${PLAN.horizonS} s of any moment: widen the plan`);
}

/**
 * The screen at 1280 px, then at 400 px (the sidebar, a drawer there, closed) checked for sideways
 * overflow, then back to 1280 px. `show` brings the part worth seeing into view at each width.
 */
async function atBothWidths(page: Page, name: string, show: () => Promise<void>): Promise<void> {
  await show();
  await settledArtifact(page, `${name}-1280`);
  await page.setViewportSize({ width: 400, height: 800 });
  if ((await page.locator('#app-sidebar').getAttribute('data-open')) === 'true') {
    // The backdrop's own click: an open signal drawer lies above it, as it lies above the menu.
    await page.locator('.app-shell__backdrop').dispatchEvent('click');
  }
  await page.locator('#app-sidebar[data-open="false"]').waitFor({ state: 'attached' });
  await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
  await show();
  await settledArtifact(page, `${name}-400`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const PRICE_TEXT = /^\d+\.\d{2}$/;

describe('the JSON bridge in Chromium: syntax generator → webhook → signal → position → target exit', () => {
  const session = useTraderPage('Bridge');

  it('turns the generated JSON, posted to the webhook, into an executed signal and a position that exits at its target', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a paper account with trading on and an order group
    await logInThroughForm(page, baseUrl, trader);
    await connectTradingPaperAccount(page);
    const main = page.locator('main');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order Manager', exact: true }).click();
    await page.waitForURL('**/ordermanager');
    await main.getByRole('button', { name: 'Add order group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Add order group' });
    await groupDialog.getByLabel('Order group name').fill(GROUP);
    await groupDialog.getByRole('button', { name: 'Add order group' }).click();
    await groupDialog.waitFor({ state: 'detached' });
    await main.getByRole('article', { name: GROUP }).waitFor();

    // Act: add a JSON bridge; its webhook URL shows once
    await page.goto(`${baseUrl}/platform/bridge/jsonbridge`);
    const addForm = main.getByRole('form', { name: 'Add Json Bridge' });
    await addForm.getByLabel('New bridge name').fill(BRIDGE);
    await addForm.getByRole('button', { name: 'Add bridge' }).click();
    const shown = page.getByRole('dialog', { name: `Webhook URL of ${BRIDGE}` });
    const webhookUrl = await shown.getByLabel('Webhook URL').inputValue();
    expect(webhookUrl).toMatch(new RegExp(`^${baseUrl}/api/v4/users/jsonbridge/webhook/[0-9A-Z]{26}/[\\w-]{22,}$`));
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'detached' });

    // Act: connect it to the order group, trading on the paper account
    const card = main.getByRole('article', { name: BRIDGE });
    await card.getByRole('button', { name: `Connect ${BRIDGE}` }).click();
    const connect = page.getByRole('dialog', { name: `Connect ${BRIDGE}` });
    await expect.poll(async () => (await connect.getByLabel('Order group').locator('option:checked').textContent()) ?? '').toBe(GROUP);
    await expect.poll(async () => (await connect.getByLabel('Account').locator('option:checked').textContent()) ?? '').toMatch(/^Paper Trading \(/);
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await connect.waitFor({ state: 'detached' });
    await expect.poll(async () => card.getByTestId('bridge-connection').textContent()).toMatch(new RegExp(`^Feeds order group ${GROUP}, trading on account Paper Trading \\(`));

    // Act: the syntax generator, filled for an intraday market order of 1 SBIN with a small target
    await card.getByRole('link', { name: 'Syntax generator' }).click();
    await page.waitForURL('**/bridge/jsonbridge/*/syntaxgenerator');
    const bridgeId = /\/bridge\/jsonbridge\/([0-9A-Z]{26})\/syntaxgenerator$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
    expect(webhookUrl).toContain(`/webhook/${bridgeId}/`);
    const generator = main.locator('.syntax-generator');
    await expect(generator.getByLabel('Script type').inputValue()).resolves.toBe('EQ');
    await generator.getByLabel('Script (trading symbol)').fill('SBIN');
    await generator.getByLabel('Order type').selectOption('MARKET');
    await generator.getByLabel('Product').selectOption('INTRADAY');
    await generator.getByLabel('Quantity (shares, or lots for F&O)').fill('1');
    await generator.getByLabel('Transaction type').selectOption('BUY');
    await generator.getByText('Set a target', { exact: true }).click();
    await generator.getByLabel('Target type').selectOption('POINT');
    await generator.getByLabel('Target value').fill(TARGET_POINTS);
    await main.getByText('The webhook accepts this order').waitFor();
    await atBothWidths(page, 'jsonbridge-syntax-generator', () => main.getByTestId('syntax-json').scrollIntoViewIfNeeded());
    // The side whose target the paper price will reach (see targetMomentAfter), set just before sending
    const plan = targetMomentAfter(Date.now() + 2_000);
    await generator.getByLabel('Transaction type').selectOption(plan.side);
    await expect.poll(async () => (await main.getByTestId('syntax-json').textContent()) ?? '').toContain(`"transaction_type": "${plan.side}"`);
    const json = (await main.getByTestId('syntax-json').textContent()) ?? '';
    expect(JSON.parse(json)).toEqual({
      type: 'MARKET',
      script_type: 'EQ',
      script: 'SBIN',
      product: 'INTRADAY',
      quantity: 1,
      transaction_type: plan.side,
      exit_on_opposite: false,
      is_tgt: true,
      is_sl: false,
      is_trail_set: false,
      tgt_type: 'POINT',
      tgt_value: Number(TARGET_POINTS),
    });

    // Act: post it to the webhook as TradingView (or curl) would
    await sleep(Math.max(0, plan.atMs - Date.now()));
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
    // Assess: accepted, with the signal's id
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { data?: { signal_id?: unknown } };
    const signalId = String(answer.data?.signal_id ?? '');
    expect(signalId).not.toBe('');

    // Assess: the signal log shows it executed, and its drawer the timeline from received to executed
    await page.goto(`${baseUrl}/platform/bridge/signal`);
    const signalRow = main.getByRole('row', { name: new RegExp(`^${BRIDGE} `) });
    await expect.poll(() => signalRow.getAttribute('data-status'), { timeout: 30_000 }).toBe('executed');
    await signalRow.click();
    const drawer = page.getByRole('dialog', { name: `Signal from ${BRIDGE}` });
    await drawer.getByText(`${signalId.slice(0, 12)}…`).waitFor();
    const timeline = drawer.getByRole('list', { name: 'Timeline' });
    const events = await timeline.locator('[data-event]').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-event')));
    expect(events[0]).toBe('received');
    expect(events.at(-1)).toBe('executed');
    expect(events).toContain('picked_up');
    expect(events).toContain('order_sent');
    await atBothWidths(page, 'jsonbridge-signal-drawer', () => drawer.getByRole('heading', { name: 'Timeline' }).scrollIntoViewIfNeeded());

    // Assess: the bridge's page shows its position with its entry price, and the webhook's checks
    const bridgePage = `${baseUrl}/platform/bridge/jsonbridge/${bridgeId}`;
    await page.goto(bridgePage);
    await main.getByRole('heading', { level: 3, name: 'Webhook security' }).waitFor();
    const bridgePositions = main.getByRole('region', { name: `Positions of ${GROUP}` });
    const bridgeRow = bridgePositions.getByRole('row', { name: `SBIN ${plan.side}` });
    // The monitor may already have exited it, when the price crossed the target at once.
    await expect.poll(() => bridgeRow.getAttribute('data-status'), { timeout: 30_000 }).toMatch(/^(OPEN|EXITED)$/);
    expect(await cellText(bridgeRow, 'entry-avg')).toMatch(PRICE_TEXT);
    expect(await cellText(bridgeRow, 'script')).toBe('SBINNSE · INTRADAY');

    // Assess: the order manager shows it OPEN with its target one step past the entry and a live P&L
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order Manager', exact: true }).click();
    await page.waitForURL('**/ordermanager');
    const group = main.getByRole('article', { name: GROUP });
    const position = group.getByRole('row', { name: `SBIN ${plan.side}` });
    await expect.poll(() => position.getAttribute('data-status')).toMatch(/^(OPEN|EXITED)$/);
    const entry = Number(await cellText(position, 'entry-avg'));
    if ((await position.getAttribute('data-status')) === 'OPEN') {
      await expect.poll(() => cellText(position, 'target')).toBe((entry + (plan.side === 'BUY' ? 1 : -1) * Number(TARGET_POINTS)).toFixed(2));
      await expect.poll(() => cellText(position, 'ltp')).toMatch(PRICE_TEXT);
      await expect.poll(() => cellText(position, 'pnl')).toMatch(/\d/);
      await group.getByTestId('group-total-pnl').getByText('live').waitFor();
      await atBothWidths(page, 'jsonbridge-position-open', () => group.scrollIntoViewIfNeeded());
    }

    // Assess: the paper price crosses the target; the position monitor exits it by its TGT leg (a MARKET exit: its fill may differ from the target)
    await expect.poll(() => position.getAttribute('data-status'), { timeout: EXIT_WAIT_MS, interval: 1_000 }).toBe('EXITED');
    await expect.poll(() => position.getByTestId('exit-leg').getAttribute('data-leg')).toBe('TGT');
    await expect.poll(() => cellText(position, 'pnl')).toMatch(/\d/);
    await expect.poll(() => group.getByRole('button', { name: 'Exit all' }).count()).toBe(0);

    // Assess: the bridge's page shows the same
    await page.goto(bridgePage);
    await expect.poll(() => bridgeRow.getAttribute('data-status')).toBe('EXITED');
    await expect.poll(() => bridgeRow.getByTestId('exit-leg').getAttribute('data-leg')).toBe('TGT');
    await atBothWidths(page, 'jsonbridge-position-exited', () => bridgePositions.scrollIntoViewIfNeeded());
    expect(pageErrors).toEqual([]);
  }, 600_000);
});
