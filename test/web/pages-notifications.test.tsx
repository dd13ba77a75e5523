import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { userContracts, type Notification } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const DASHBOARD = 'GET /api/v4/users/dashboard';

type NotificationsBody = z.output<typeof userContracts.getUserNotifications.request>;

function notification(index: number, notify_type: string, isRead: boolean): Notification {
  return {
    id: `n${index}`,
    notify_type,
    notified_message: `Message ${index}`,
    isRead,
    create_time: '2026-11-21T08:30:00.000Z',
  };
}

const TYPES = ['Broker Connected', 'Broker Removed', 'Group Expired', 'Bridge Expired', 'Wallet Credited'];

/** A server holding `total` notifications (the first three unread) that marks them as asked. */
function notificationServer(total: number) {
  const store = Array.from({ length: total }, (_, index) => notification(index + 1, TYPES[index % TYPES.length] ?? 'Other', index >= 3));
  const bodies: NotificationsBody[] = [];
  const handler = async (request: Request) => {
    const body = userContracts.getUserNotifications.request.parse(await request.json());
    bodies.push(body);
    store.forEach((item, index) => {
      if (body.mark_all_read || body.mark_read_ids?.includes(item.id)) store[index] = { ...item, isRead: true };
    });
    const unread_count = store.filter((item) => !item.isRead).length;
    return jsonResponse(successBody({ items: store.slice(body.offset, body.offset + body.limit), total, unread_count }));
  };
  return { bodies, handler, pageBodies: () => bodies.filter((body) => body.limit === 20) };
}

function showNotifications(server: ReturnType<typeof notificationServer>) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [NOTIFICATIONS]: server.handler,
    [DASHBOARD]: () => new Promise<Response>(() => {}),
  });
  renderApp('/notification');
}

async function pageList(): Promise<HTMLElement> {
  return within(await screen.findByRole('main')).findByRole('list', { name: 'Notifications' });
}

const itemsOf = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('notifications page', () => {
  afterEach(resetWebTestState);

  it('lists the first page with a type icon each and unread ones marked', async () => {
    // Prepare
    const server = notificationServer(5);
    // Act
    showNotifications(server);
    // Assess
    const items = itemsOf(await pageList());
    expect(server.pageBodies()[0]).toEqual({ offset: 0, limit: 20 });
    expect(items.map((item) => item.querySelector('[data-notification-icon]')?.getAttribute('data-notification-icon'))).toEqual([
      'Broker Connected',
      'Broker Removed',
      'Group Expired',
      'Bridge Expired',
      'generic',
    ]);
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'false', 'false', 'true', 'true']);
    expect(within(items[0] ?? document.body).getByText('Unread')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('3 unread')).toBeTruthy();
  });

  it('marks all as read', async () => {
    // Prepare
    const server = notificationServer(5);
    showNotifications(server);
    await pageList();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    // Assess
    await waitFor(() => expect(itemsOf(screen.getByRole('list', { name: 'Notifications' })).map((item) => item.dataset.read)).toEqual(
      ['true', 'true', 'true', 'true', 'true'],
    ));
    expect(server.pageBodies()).toContainEqual({ offset: 0, limit: 20, mark_all_read: true });
    expect(within(screen.getByRole('main')).getByText('Everything is read.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });

  it('marks one notification as read', async () => {
    // Prepare
    const server = notificationServer(5);
    showNotifications(server);
    const [first] = itemsOf(await pageList());
    // Act
    fireEvent.click(within(first ?? document.body).getByRole('button', { name: 'Mark as read' }));
    // Assess
    await waitFor(() => expect(within(screen.getByRole('main')).getByText('2 unread')).toBeTruthy());
    expect(server.pageBodies()).toContainEqual({ offset: 0, limit: 20, mark_read_ids: ['n1'] });
  });

  it('pages with offset and limit', async () => {
    // Prepare
    const server = notificationServer(45);
    showNotifications(server);
    await pageList();
    // Act
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    // Assess
    await waitFor(() => expect(server.pageBodies()).toContainEqual({ offset: 20, limit: 20 }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifications' })).getByText('Message 21')).toBeTruthy());
  });

  it("says 'No notifications available' when there are none", async () => {
    // Act
    showNotifications(notificationServer(0));
    // Assess
    expect(await within(await screen.findByRole('main')).findByText('No notifications available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });
});
