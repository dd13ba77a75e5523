import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAPER_ID } from './demat-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, serveTradingApi } from './trading-fixtures';
import { SBIN } from './watchlist-fixtures';

/**
 * Issue 16, defect 4: the Funds card read the funds once (the last Refresh) and went stale. It now reads
 * them from the broker (POST /users/broker/getbrokerfunds) after the account's orders and every 30 s
 * while the page is open, and says how old they are.
 */
const FUNDS = '/users/broker/getbrokerfunds';
const FIRST_READ = '2026-03-02T05:30:00.000Z';
const FIRST_RENDER = { timeout: 5_000 };

/** The broker's answers in turn: the funds drop as orders take margin. */
function serveMovingFunds(figures: readonly { available: number; used: number; read_at: string }[]) {
  let reads = 0;
  return serveTradingApi(
    {},
    {
      [`POST /api/v4${FUNDS}`]: () => {
        const figure = figures[Math.min(reads, figures.length - 1)];
        reads += 1;
        return jsonResponse(successBody(figure));
      },
    },
  );
}

const fundsRegion = () => screen.findByRole('region', { name: 'Funds' }, FIRST_RENDER);

describe('account page: Funds card', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it("shows the broker's funds with their age, and reads them again every 30 s while the page is open", async () => {
    // Prepare: two minutes after the first read, by the SPA's clock
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.parse(FIRST_READ) + 2 * 60_000 + 5_000);
    const { requests } = serveMovingFunds([
      { available: 98_765.5, used: 1_234.5, read_at: FIRST_READ },
      { available: 91_000, used: 9_000, read_at: '2026-03-02T05:32:35.000Z' },
    ]);
    // Act
    renderApp(`/demat/${PAPER_ID}`);
    // Assess
    const funds = await fundsRegion();
    expect(await within(funds).findByText('₹98.8K')).toBeTruthy();
    expect(within(funds).getByTestId('funds-used').textContent).toBe('₹1.2K');
    expect(within(funds).getByText('2026-03-02 11:00:00')).toBeTruthy();
    expect(within(funds).getByTestId('funds-age').textContent).toBe('(2 min ago)');
    // Act: half a minute later
    act(() => vi.advanceTimersByTime(30_000));
    // Assess
    expect(await within(funds).findByText('₹91.0K')).toBeTruthy();
    expect(within(funds).getByTestId('funds-age').textContent).toBe('(just now)');
    expect(await bodiesTo(requests, FUNDS)).toEqual([{ broker_id: PAPER_ID }, { broker_id: PAPER_ID }]);
  });

  it('reads the funds again right after an order placed from the account page', async () => {
    // Prepare
    const { requests } = serveMovingFunds([
      { available: 98_765.5, used: 1_234.5, read_at: FIRST_READ },
      { available: 96_362.5, used: 3_637.5, read_at: '2026-03-02T05:31:00.000Z' },
    ]);
    renderApp(`/demat/${PAPER_ID}`);
    const funds = await fundsRegion();
    await within(funds).findByText('₹98.8K');
    // Act: place 3 SBIN from the account page's ticket
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const picker = await screen.findByRole('dialog', { name: 'Order ticket: choose a script' });
    fireEvent.change(within(picker).getByLabelText('Script type'), { target: { value: 'EQ' } });
    fireEvent.change(within(picker).getByLabelText('Symbol'), { target: { value: 'SBIN' } });
    fireEvent.click(await within(picker).findByRole('button', { name: `Trade ${SBIN.display_name}` }));
    const ticket = await screen.findByRole('dialog', { name: `Order ticket: ${SBIN.display_name}` });
    fireEvent.change(await within(ticket).findByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(within(ticket).getByRole('button', { name: 'Place buy order' }));
    await within(ticket).findByRole('button', { name: 'Place another' });
    // Assess: the card and the account's "Funds available" say the same
    expect(await within(funds).findByText('₹96.4K')).toBeTruthy();
    expect(screen.getAllByText('₹96.4K')).toHaveLength(2);
    expect(await bodiesTo(requests, FUNDS)).toHaveLength(2);
  });
});
