import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { userContracts, type Activity } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const ACTIVITIES = 'POST /api/v4/users/getuseractivities';

/** 2026-11-21 14:05:09 in Asia/Kolkata. */
const NOW = new Date('2026-11-21T08:35:09Z');
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function activity(id: string, action: string, createTime: string, userAgent = CHROME_ON_WINDOWS): Activity {
  return { id, action, operation: 'auth.userlogin', ip: '203.0.113.7', user_agent: userAgent, create_time: createTime };
}

const FIRST_PAGE = [activity('a1', 'Logged in', '2026-11-21T08:30:00.000Z'), activity('a2', 'Updated profile, "photo"', '2026-11-20T18:45:10.000Z')];
const SECOND_PAGE = [activity('a3', 'Registered', '2026-10-23T04:00:00.000Z', SAFARI_ON_IPHONE)];

type ActivityRequestBody = z.output<typeof userContracts.getUserActivities.request>;

/** Pages by cursor: none → first page (next 'c2'), 'c2' → second page (last). */
function activityServer(pages: { first: Activity[]; second: Activity[] }) {
  const bodies: ActivityRequestBody[] = [];
  const handler = async (request: Request) => {
    const body = userContracts.getUserActivities.request.parse(await request.json());
    bodies.push(body);
    return body.cursor === 'c2'
      ? jsonResponse(successBody({ items: pages.second, next_cursor: null }))
      : jsonResponse(successBody({ items: pages.first, next_cursor: pages.second.length > 0 ? 'c2' : null }));
  };
  return { bodies, handler };
}

function showActivityLogs(server: ReturnType<typeof activityServer>) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [NOTIFICATIONS]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [ACTIVITIES]: server.handler,
  });
  renderApp('/activitylogs');
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('activity logs page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('asks for the last 30 days by default and shows date-time, action, IP and device', async () => {
    // Prepare
    const server = activityServer({ first: FIRST_PAGE, second: [] });
    // Act
    showActivityLogs(server);
    // Assess
    const table = await screen.findByRole('table');
    expect(server.bodies[0]).toEqual({ from_date: '2026-10-22', to_date: '2026-11-21', limit: 50 });
    expect(screen.getByLabelText('From')).toHaveProperty('value', '22-10-2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '21-11-2026');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date-time', 'Action', 'IP', 'Device']);
    expect(rowsOf(table)).toEqual([
      ['2026-11-21 14:00:00', 'Logged in', '203.0.113.7', 'Chrome on Windows'],
      ['2026-11-21 00:15:10', 'Updated profile, "photo"', '203.0.113.7', 'Chrome on Windows'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with the cursor', async () => {
    // Prepare
    const server = activityServer({ first: FIRST_PAGE, second: SECOND_PAGE });
    showActivityLogs(server);
    await screen.findByRole('table');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // Assess
    expect(await screen.findByText('Registered')).toBeTruthy();
    expect(server.bodies[1]).toEqual({ from_date: '2026-10-22', to_date: '2026-11-21', limit: 50, cursor: 'c2' });
    expect(rowsOf(screen.getByRole('table'))[2]).toEqual(['2026-10-23 09:30:00', 'Registered', '203.0.113.7', 'Safari on iOS']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('asks for another range, and refuses one that ends before it starts', async () => {
    // Prepare
    const server = activityServer({ first: FIRST_PAGE, second: [] });
    showActivityLogs(server);
    await screen.findByRole('table');
    // Act
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '25-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    // Assess
    await waitFor(() => expect(server.bodies).toHaveLength(2));
    expect(server.bodies[1]).toEqual({ from_date: '2026-11-01', to_date: '2026-11-10', limit: 50 });
  });

  it('says plainly when the range has no activity', async () => {
    // Act
    showActivityLogs(activityServer({ first: [], second: [] }));
    // Assess
    expect(await screen.findByText('No activity recorded between 22-10-2026 and 21-11-2026.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
  });

  it('exports every page of the range as CSV named with the Asia/Kolkata time', async () => {
    // Prepare
    const server = activityServer({ first: FIRST_PAGE, second: SECOND_PAGE });
    const downloads: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob instanceof Blob ? blob : null;
      return 'blob:activity-csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
    });
    showActivityLogs(server);
    await screen.findByRole('table');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    // Assess
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(server.bodies.slice(1)).toEqual([
      { from_date: '2026-10-22', to_date: '2026-11-21', limit: 100 },
      { from_date: '2026-10-22', to_date: '2026-11-21', limit: 100, cursor: 'c2' },
    ]);
    const download = downloads[0];
    expect(download?.name).toBe('activity-logs_2026-11-21_14-05-09.csv');
    expect(download?.blob.type).toBe('text/csv;charset=utf-8');
    expect(await download?.blob.text()).toBe(
      [
        'Date-time,Action,IP,Device,User agent',
        `2026-11-21 14:00:00,Logged in,203.0.113.7,Chrome on Windows,"${CHROME_ON_WINDOWS}"`,
        `2026-11-21 00:15:10,"Updated profile, ""photo""",203.0.113.7,Chrome on Windows,"${CHROME_ON_WINDOWS}"`,
        `2026-10-23 09:30:00,Registered,203.0.113.7,Safari on iOS,"${SAFARI_ON_IPHONE}"`,
        '',
      ].join('\r\n'),
    );
  });
});
