import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesSentTo, ENTRY_IDS, entryFor, NIFTY_CALL, SBIN, serveWatchlistApi } from './watchlist-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';

const SEARCH = '/scripts/searchscriptsforwatchlist';

async function searchFor(type: string, symbolKeystrokes: readonly string[]): Promise<void> {
  fireEvent.change(await screen.findByLabelText('Script type'), { target: { value: type } });
  const symbol = screen.getByLabelText('Symbol');
  for (const text of symbolKeystrokes) fireEvent.change(symbol, { target: { value: text } });
}

describe('watch list page', () => {
  afterEach(resetWebTestState);

  it('says the list is empty and how to fill it', async () => {
    // Act
    serveWatchlistApi();
    renderApp('/watchlist');
    // Assess
    expect(await screen.findByText(/Your watch list is empty/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Trade opens the order ticket/)).toBeTruthy();
  });

  it('searches once typing pauses, by the chosen script type', async () => {
    // Prepare
    const { requests } = serveWatchlistApi();
    renderApp('/watchlist');
    // Act
    await searchFor('CE', ['N', 'NI', 'NIF']);
    // Assess
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('NIFTY 30 DEC 25 24000 CE')).toBeTruthy();
    expect(within(results).getByText('NFO:NIFTY30DEC2524000CE · Lot 75')).toBeTruthy();
    expect(await bodiesSentTo(requests, SEARCH)).toEqual([{ type: 'CE', symbol: 'NIF' }]);
  });

  it('says when nothing matches', async () => {
    // Prepare
    serveWatchlistApi();
    renderApp('/watchlist');
    // Act
    await searchFor('FUT', ['ZZZ']);
    // Assess
    expect(await screen.findByText('No scripts match “ZZZ”.')).toBeTruthy();
  });

  it('adds a found script, which then shows with its price, move and quantity label', async () => {
    // Prepare
    const { requests } = serveWatchlistApi();
    renderApp('/watchlist');
    await searchFor('CE', ['NIFTY']);
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Add NIFTY 30 DEC 25 24000 CE' }));
    // Assess
    const row = await screen.findByRole('row', { name: 'NIFTY 30 DEC 25 24000 CE' });
    expect(within(row).getByTestId('ltp').textContent).toBe('212.40');
    const change = within(row).getByText(/\+12\.40/);
    expect(change.closest('[data-direction]')?.getAttribute('data-direction')).toBe('up');
    expect(within(row).getByText('Order Lot · 75 per lot')).toBeTruthy();
    expect(await bodiesSentTo(requests, '/users/watchlist/addtowatchlist')).toEqual([{ script_id: NIFTY_CALL.script_id }]);
    expect(await screen.findByRole('button', { name: 'NIFTY 30 DEC 25 24000 CE is on your watch list' })).toBeTruthy();
    expect(screen.queryByText(/Your watch list is empty/)).toBeNull();
  });

  it('shows a fall in red terms and cash equities by quantity', async () => {
    // Act
    serveWatchlistApi([entryFor(SBIN, { ltp: 801.25, previous_close: 812.5 })]);
    renderApp('/watchlist');
    // Assess
    const row = await screen.findByRole('row', { name: 'SBIN' });
    const change = within(row).getByText(/-11\.25/);
    expect(change.closest('[data-direction]')?.getAttribute('data-direction')).toBe('down');
    expect(change.closest('[data-direction]')?.className).toContain('price-change--down');
    expect(within(row).getByText('Quantity')).toBeTruthy();
  });

  it('removes an entry', async () => {
    // Prepare
    const { requests } = serveWatchlistApi([entryFor(SBIN, { ltp: 801.25, previous_close: 812.5 })]);
    renderApp('/watchlist');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Remove SBIN' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('row', { name: 'SBIN' })).toBeNull());
    expect(await screen.findByText(/Your watch list is empty/)).toBeTruthy();
    expect(await bodiesSentTo(requests, '/users/watchlist/removewatchlist')).toEqual([{ watchlist_id: ENTRY_IDS[0] }]);
  });
});
