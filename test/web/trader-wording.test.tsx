import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_ID, bridgePositionFixture, serveBridgeApi, triggerFixture } from './custombridge-fixtures';
import { ACCOUNT_A, ACCOUNT_FREE, GROUP_ID, groupFixture, groupPositionsFixture, ISSUE_CHILDREN, serveGroupsApi } from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { positionFixture } from './trading-fixtures';
import { serveWatchlistApi } from './watchlist-fixtures';

/**
 * Issue 16, defects 7 and 9 as a trader reads the screens: search results say a derivative's lot size
 * (not "· Quantity"), trigger summaries are plain sentences, bridge position prices have Indian digit
 * grouping, and group positions show the master's position, labelled, first.
 */
const FIRST_RENDER = { timeout: 5_000 };

describe('trader wording', { timeout: 20_000 }, () => {
  afterEach(resetWebTestState);

  it("names a search result's lot size for a derivative and nothing more for an equity", async () => {
    // Prepare
    serveWatchlistApi();
    renderApp('/watchlist');
    // Act
    fireEvent.change(await screen.findByLabelText('Script type', {}, FIRST_RENDER), { target: { value: 'EQ' } });
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'SBIN' } });
    // Assess
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByText('NSE:SBIN')).toBeTruthy();
    expect(within(results).queryByText(/Quantity/)).toBeNull();
    // Act
    fireEvent.change(screen.getByLabelText('Script type'), { target: { value: 'CE' } });
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'NIF' } });
    // Assess
    expect(await screen.findByText('NFO:NIFTY30DEC2524000CE · Lot 75')).toBeTruthy();
  });

  it('sums up triggers in words: the side the signal gives, the order, the entry and the exits', async () => {
    // Prepare: a side-less equity trigger on UP, a DOWN option bought as a PE, and one with levels
    serveBridgeApi({
      triggers: [
        triggerFixture(0, { quantity: 3 }),
        triggerFixture(1, {
          script_type: 'EQUITY',
          transaction_type: 'SELL',
          order_type: 'LIMIT',
          price: 1234.5,
          product: 'DELIVERY',
          entry_type: 'LTP',
          entry_direction: 'ABOVE',
          entry_price: 1230,
          is_tgt: true,
          tgt_type: 'POINT',
          tgt_value: 10,
          is_sl: true,
          sl_type: 'PERCENTAGE',
          sl_value: 1.5,
        }),
        triggerFixture(2, {
          direction: 'DOWN',
          priority: 1,
          script_type: 'OPTION',
          option_base: 'INDEX',
          script: 'NIFTY',
          exchange: null,
          strike_offset: 1,
          expiry_type: 'weekly',
          expiry_gap: 1,
          quantity: 2,
          product: 'CARRYFORWARD',
        }),
      ],
    });
    // Act
    renderApp(`/bridge/custombridge/${BRIDGE_ID}`);
    // Assess
    const up = await screen.findByRole('list', { name: 'UP triggers' }, FIRST_RENDER);
    const first = within(up).getByRole('listitem', { name: 'UP trigger 1' });
    expect(within(first).getByText('Buy 3 shares at market, intraday · enters at once')).toBeTruthy();
    expect(within(first).getByText(`on account ${ACCOUNT_A.broker_combined_name} · no target or stop-loss`)).toBeTruthy();
    const second = within(up).getByRole('listitem', { name: 'UP trigger 2' });
    expect(within(second).getByText('Sell 1 share at limit 1,234.50, delivery · enters when the price goes above 1,230.00')).toBeTruthy();
    expect(within(second).getByText(/· target 10 points · stop-loss 1.5%$/)).toBeTruthy();
    const down = screen.getByRole('list', { name: 'DOWN triggers' });
    const option = within(down).getByRole('listitem', { name: 'DOWN trigger 1' });
    expect(within(option).getByText('OPTION NIFTY PE ATM +1 (OTM), next weekly expiry (strikes from the index)')).toBeTruthy();
    expect(within(option).getByText('Buy 2 lots at market, carry forward · enters at once')).toBeTruthy();
    expect(screen.queryByText(/direction's side/)).toBeNull();
  });

  it('shows bridge position prices with Indian digit grouping', async () => {
    // Prepare
    serveBridgeApi({
      positions: {
        [BRIDGE_ID]: [bridgePositionFixture({ entry_avg_price: 24012.35, ltp: 124056.5, target_price: 24112.35, stop_price: 23962.35, pnl: 44.15 })],
      },
    });
    // Act
    renderApp('/bridge/position');
    // Assess
    const table = await screen.findByRole('table', {}, FIRST_RENDER);
    const cell = (column: string) => table.querySelector(`tbody [data-column="${column}"]`)?.textContent;
    expect(cell('entry-avg')).toBe('24,012.35');
    expect(cell('ltp')).toBe('1,24,056.50');
    expect(cell('target')).toBe('24,112.35');
    expect(cell('stop')).toBe('23,962.35');
  });

  it("shows the master's positions first, labelled, and counts them in the net", async () => {
    // Prepare: the master bought 2 lots, the first child 2 lots and the second 4
    const master = { broker_id: ACCOUNT_FREE.broker_id, broker_combined_name: ACCOUNT_FREE.broker_combined_name, positions: [positionFixture({ net_quantity: 150 })] };
    const positions = groupPositionsFixture(
      [
        { child: ISSUE_CHILDREN[0]!, positions: [positionFixture({ net_quantity: 150 })] },
        { child: ISSUE_CHILDREN[1]!, positions: [positionFixture({ net_quantity: 300 })] },
      ],
      master,
    );
    serveGroupsApi({
      groups: [groupFixture({ master: { broker_id: ACCOUNT_FREE.broker_id, broker: 'paper', broker_combined_name: ACCOUNT_FREE.broker_combined_name, status: 'connected', connected_at: '2026-03-02T05:00:00.000Z' } })],
      positions,
    });
    // Act
    renderApp(`/group/group/${GROUP_ID}/positions`);
    // Assess
    const byAccount = await screen.findByRole('region', { name: 'By account' }, FIRST_RENDER);
    const sections = within(byAccount).getAllByRole('region');
    expect(sections.map((section) => section.getAttribute('aria-labelledby') && section.querySelector('h4')?.textContent)).toEqual([
      `Master: ${ACCOUNT_FREE.broker_combined_name}`,
      ISSUE_CHILDREN[0]!.broker_combined_name,
      ISSUE_CHILDREN[1]!.broker_combined_name,
    ]);
    expect(within(sections[0]!).getByRole('link', { name: ACCOUNT_FREE.broker_combined_name }).getAttribute('href')).toBe(`/demat/${ACCOUNT_FREE.broker_id}`);
    const net = screen.getByRole('region', { name: 'Net positions' });
    expect(within(net).getByText('600 (8 lots)')).toBeTruthy();
    expect(positions.net[0]).toMatchObject({ accounts: 3, children: 2 });
  });
});
