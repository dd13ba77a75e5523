import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCHLIST_REFRESH_MS } from '../../web/src/features/watchlist/refresh-timing';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { entryFor, SBIN } from './watchlist-fixtures';

describe('watch list prices', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('are fetched again every few seconds', async () => {
    // Prepare
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
    const quotes = [801.25, 803.5];
    let fetches = 0;
    stubFetch({
      'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture())),
      'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
      'GET /api/v4/users/watchlist/getwatchlist': () => {
        const ltp = quotes[Math.min(fetches, quotes.length - 1)] ?? 0;
        fetches += 1;
        return jsonResponse(successBody([entryFor(SBIN, { ltp, previous_close: 812.5 })]));
      },
    });
    renderApp('/watchlist');
    const row = await screen.findByRole('row', { name: 'SBIN' });
    expect(within(row).getByTestId('ltp').textContent).toBe('801.25');
    // Act
    await act(() => vi.advanceTimersByTimeAsync(WATCHLIST_REFRESH_MS));
    // Assess
    await expect.poll(() => within(screen.getByRole('row', { name: 'SBIN' })).getByTestId('ltp').textContent).toBe('803.50');
    expect(fetches).toBe(2);
  });
});
