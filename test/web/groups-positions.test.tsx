import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_ID, groupPositionsFixture, ISSUE_CHILDREN, serveGroupsApi } from './groups-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, positionFixture } from './trading-fixtures';
import { NIFTY_CALL } from './watchlist-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const SYMBOL = NIFTY_CALL.trading_symbol;
const [CHILD_A, CHILD_B, CHILD_C] = ISSUE_CHILDREN;

/** The issue's group after a 2-lot BUY: 2, 4 and 1 lots of the NIFTY call, the third account unreadable. */
const POSITIONS = groupPositionsFixture([
  { child: CHILD_A!, positions: [positionFixture({ net_quantity: 150, realised_pnl: 0, unrealised_pnl: 100 })] },
  { child: CHILD_B!, positions: [positionFixture({ net_quantity: 300, realised_pnl: 50, unrealised_pnl: 200 })] },
  { child: CHILD_C!, positions: null, reason: 'The broker did not answer in time. Try again shortly.' },
]);

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('group positions (/group/group/{group_id}/positions)', () => {
  afterEach(resetWebTestState);

  it('nets the accounts per script with P&L, charts it, and shows each account on its own', async () => {
    // Prepare
    serveGroupsApi({ positions: POSITIONS });
    // Act
    renderApp(`/group/group/${GROUP_ID}/positions`);
    // Assess
    const net = await screen.findByRole('region', { name: 'Net positions' }, FIRST_RENDER);
    const row = await within(net).findByRole('row', { name: `${SYMBOL} INTRADAY` });
    expect(cellsOf(row)).toEqual([`${SYMBOL}NFO`, 'INTRADAY', '450 (6 lots)', '2', '₹50.00', '₹300.00', '₹350.00']);
    expect(within(net).getByRole('figure', { name: 'Profit and loss by position' })).toBeTruthy();
    expect(within(within(net).getByLabelText('P&L totals')).getByText('₹350.00')).toBeTruthy();

    const byAccount = screen.getByRole('region', { name: 'By account' });
    const second = within(byAccount).getByRole('region', { name: CHILD_B!.broker_combined_name });
    expect(within(second).getByTestId('net-quantity').textContent).toBe('300 (4 lots)');
    const third = within(byAccount).getByRole('region', { name: CHILD_C!.broker_combined_name });
    expect(within(third).getByText('The broker did not answer in time. Try again shortly.')).toBeTruthy();
  });

  it('squares off every account once confirmed, and tells what the closing orders did', async () => {
    // Prepare
    const { requests } = serveGroupsApi({ positions: POSITIONS });
    renderApp(`/group/group/${GROUP_ID}/positions`);
    await within(await screen.findByRole('region', { name: 'Net positions' }, FIRST_RENDER)).findByRole('row', { name: `${SYMBOL} INTRADAY` });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Square off all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Square off all group positions?' });
    expect(within(dialog).getByText(/^The accounts hold 2 open positions/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Square off all' }));
    // Assess: the unreadable account is reported, not hidden
    expect(await toastSaying('2 square-off orders completed. Not closed on Paper Trading (000PAP3): The broker did not answer in time. Try again shortly.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesTo(requests, '/users/broker/group/squareoffall')).toEqual([{ group_id: GROUP_ID }]);
  });

  it('keeps Square off all off when nothing is open', async () => {
    // Prepare
    serveGroupsApi({ positions: groupPositionsFixture([{ child: CHILD_A!, positions: [] }]) });
    // Act
    renderApp(`/group/group/${GROUP_ID}/positions`);
    // Assess
    expect(await screen.findByText(/^No positions today\. Group orders that fill show here/, {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Square off all' })).toHaveProperty('disabled', true);
  });
});
