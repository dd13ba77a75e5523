import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountHolding } from '../../shared/contracts/broker-trading';
import { PAPER_ID } from './demat-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, serveTradingApi } from './trading-fixtures';

const SBIN_HELD: AccountHolding = {
  script_id: 'NSE:SBIN',
  trading_symbol: 'SBIN',
  exchange: 'NSE',
  isin: 'INE062A01020',
  quantity: 12,
  average_price: 780,
  last_price: 812.35,
  previous_close: 820,
  invested: 9_360,
  current_value: 9_748.2,
  pnl: 388.2,
  pnl_percent: 4.15,
  day_change: -91.8,
  day_change_percent: -0.93,
};
/** A holding the broker gave no price for: its value and changes are unknown. */
const UNPRICED: AccountHolding = {
  ...SBIN_HELD,
  script_id: null,
  trading_symbol: 'OLDCO',
  isin: null,
  quantity: 5,
  average_price: 40,
  last_price: null,
  previous_close: null,
  invested: 200,
  current_value: null,
  pnl: null,
  pnl_percent: null,
  day_change: null,
  day_change_percent: null,
};

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const holdingsRegion = () => screen.findByRole('region', { name: 'Holdings' }, FIRST_RENDER);

/** The first test also loads the lazily loaded page, which takes seconds on a busy machine. */
describe('demat account page: holdings', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('lists each holding with quantity, prices, value, P&L and the day’s change, and the totals', async () => {
    // Act
    const { requests } = serveTradingApi({ holdings: [SBIN_HELD, UNPRICED] });
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    const holdings = await holdingsRegion();
    const sbin = await within(holdings).findByRole('row', { name: 'SBIN holding' });
    const cells = [...sbin.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['SBINNSE', '12', '780.00', '812.35', '₹9,360.00', '₹9,748.20', '₹388.20+4.15 %', '-₹91.80-0.93 %']);
    expect(within(sbin).getByText('₹388.20').getAttribute('data-direction')).toBe('up');
    expect(within(sbin).getByText('-₹91.80').getAttribute('data-direction')).toBe('down');
    const unpriced = within(holdings).getByRole('row', { name: 'OLDCO holding' });
    expect([...unpriced.querySelectorAll('td')].map((cell) => cell.textContent).slice(3)).toEqual(['—', '₹200.00', '—', '—', '—']);
    const totals = within(holdings).getByLabelText('Holdings totals');
    expect(totals.textContent).toContain('Invested ₹9,560.00');
    expect(totals.textContent).toContain('Current value ₹9,948.20');
    expect(within(totals).getByText('₹388.20')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/broker/getbrokerholdings')).toContainEqual({ broker_id: PAPER_ID });
  });

  it('says where holdings come from when there are none', async () => {
    // Act
    serveTradingApi();
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    expect(await within(await holdingsRegion()).findByText(/No holdings yet\. Shares bought as DELIVERY move here the trading day after/)).toBeTruthy();
  });
});
