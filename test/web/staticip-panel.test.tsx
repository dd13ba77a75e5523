import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subUserSchema } from '../../shared/contracts/subusers';
import { IP_A, ipFixture, ipUser, IPS_PATH, NOW, sentIpBodies, serveStaticIpApi } from './staticip-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const SLOT = { version: 'IPv4', holder_user_id: null, owner_user_id: null, assigned_at: null, expires_at: null, quarantined_until: null };
const POOL = {
  items: [
    { ...SLOT, ip_id: '01JDZ0000000000000000SLT01', address: '127.0.0.2', state: 'assigned', holder_user_id: 7, owner_user_id: 7, assigned_at: '2026-03-01T00:00:00.000Z', expires_at: '2026-04-01T00:00:00.000Z' },
    { ...SLOT, ip_id: '01JDZ0000000000000000SLT02', address: '127.0.0.3', state: 'quarantined', quarantined_until: '2026-03-31T00:00:00.000Z' },
    { ...SLOT, ip_id: '01JDZ0000000000000000SLT03', address: '127.0.0.4', state: 'free' },
    { ...SLOT, ip_id: '01JDZ0000000000000000SLT04', address: '::1', version: 'IPv6', state: 'free' },
  ],
  counts: { free: 2, assigned: 1, quarantined: 1 },
  quarantine_days: 30,
};

const SUB_USER = subUserSchema.parse({
  user_id: 42,
  first_name: 'Ravi',
  last_name: 'Kumar',
  email: 'ravi@example.com',
  mobile_no: '9876500000',
  profile_status: 'active',
  parent_user_id: 7,
  current_credit: 0,
  balance_paise: 0,
  demat_allowed: true,
  purchase_ip_allowed: true,
  link_sharing: false,
  referral_percent: 0,
  password_set: true,
  created_at: '2026-02-01T00:00:00.000Z',
});

// The first test of a file also loads the page's chunk, and each walks a full dialog: slow on a busy machine.
describe('static IPs for parents and the broker panel', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows the broker panel the pool: counts per state and every slot with its dates', async () => {
    // Prepare
    serveStaticIpApi(
      { profile: ipUser({ is_brokerpanel: true }) },
      {
        [`GET ${IPS_PATH}/getippool`]: () => jsonResponse(successBody(POOL)),
        'POST /api/v4/users/subusermanagement/getsubusers': () => jsonResponse(successBody({ items: [], total: 0 })),
      },
    );
    // Act
    renderApp('/staticip');
    // Assess
    const counts = await screen.findByRole('list', { name: 'Addresses per state' });
    expect(within(counts).getByRole('listitem', { name: 'Free' }).textContent).toBe('Free2');
    expect(within(counts).getByRole('listitem', { name: 'Assigned' }).textContent).toBe('Assigned1');
    expect(within(counts).getByRole('listitem', { name: 'Quarantined' }).textContent).toBe('Quarantined1');
    const quarantined = screen.getByRole('row', { name: '127.0.0.3' });
    expect(within(quarantined).getByText('Quarantined')).toBeTruthy();
    expect(within(quarantined).getByText('31-03-2026')).toBeTruthy();
    const assigned = screen.getByRole('row', { name: '127.0.0.2' });
    expect(assigned.querySelector('[data-column="holder"]')?.textContent).toBe('User 7');
    expect(assigned.querySelector('[data-column="expires"]')?.textContent).toBe('01-04-2026');
  });

  it('lets a parent find a sub-user and allocate one of its IPs, and hides the pool', async () => {
    // Prepare
    const mine = ipFixture();
    const { requests } = serveStaticIpApi(
      { profile: ipUser({ can_add_subuser: true }), mine: { items: [mine], accounts_without_ip: [] } },
      {
        'POST /api/v4/users/subusermanagement/getsubusers': () => jsonResponse(successBody({ items: [SUB_USER], total: 1 })),
        [`POST ${IPS_PATH}/getsubuserip`]: () => jsonResponse(successBody({ items: [], allocatable: [mine] })),
        [`POST ${IPS_PATH}/allocateiptosubuser`]: () => jsonResponse(successBody({ ip: { ...mine, holder_user_id: 42 } })),
      },
    );
    renderApp('/staticip');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Ravi Kumar (ravi@example.com)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Allocate 127.0.0.2' }));
    // Assess
    expect(await screen.findByText('127.0.0.2 is allocated to Ravi Kumar.')).toBeTruthy();
    expect(await sentIpBodies(requests, 'allocateiptosubuser')).toEqual([{ ip_id: IP_A, sub_user_id: 42 }]);
    expect(screen.queryByRole('heading', { name: 'Pool' })).toBeNull();
  });

  it('locks Disallocate while the holder changed within 7 days', async () => {
    // Prepare
    const held = ipFixture({ holder_user_id: 42, allocated_to: { user_id: 42, name: 'Ravi Kumar', email: 'ravi@example.com' }, next_allocation_change_at: '2026-03-08T00:00:00.000Z' });
    serveStaticIpApi(
      { profile: ipUser({ can_add_subuser: true }) },
      {
        'POST /api/v4/users/subusermanagement/getsubusers': () => jsonResponse(successBody({ items: [SUB_USER], total: 1 })),
        [`POST ${IPS_PATH}/getsubuserip`]: () => jsonResponse(successBody({ items: [held], allocatable: [] })),
      },
    );
    renderApp('/staticip');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Ravi Kumar (ravi@example.com)' }));
    // Assess
    const disallocate = await screen.findByRole('button', { name: 'Disallocate 127.0.0.2' });
    expect(disallocate).toHaveProperty('disabled', true);
    expect(screen.getByText(/next change allowed on 08-03-2026/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('You have no IP to allocate. Buy one above first.')).toBeTruthy());
  });
});
