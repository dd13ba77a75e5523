import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_IN_STRATEGY_MESSAGE,
  SUBSCRIPTION_ENDED_MESSAGE,
  strategySubscriptionContracts,
  subscriptionAnswerSchema,
  type StrategySubscriber,
} from '../../shared/contracts/strategy-subscriptions';
import { subUserContracts } from '../../shared/contracts/subusers';
import { FREE_ADD_TEXT } from '../../web/src/features/group-strategies/components/add-subscriber-dialog';
import { ANGEL_ID } from './demat-fixtures';
import { GROUP_ID } from './groups-fixtures';
import {
  MANAGE_PATH,
  NOW,
  PLAN_ID,
  STRATEGIES_PATH,
  SUBSCRIBER_ACCOUNT_ID,
  SUBSCRIBER_ACCOUNT_NAME,
  SUBSCRIPTION_ID,
  ok,
  planFixture,
  sentStrategyBodies,
  serveStrategyApi,
  subscriberFixture,
  usersAnswer,
} from './group-strategy-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { subUserFixture } from './subusers-fixtures';

const call = (name: string) => `POST ${STRATEGIES_PATH}/${name}`;

const SUB_USER = subscriberFixture();
const BUYER = subscriberFixture({
  subscription_id: '01JF000000000000000000SB02',
  user_id: 52,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  is_sub_user: false,
  source: 'subscriber',
  price_credits: 999,
  multiplier: 0.5,
  auto_renew: true,
});
const ENDED = subscriberFixture({
  subscription_id: '01JF000000000000000000SB03',
  user_id: 43,
  name: 'Meera Iyer',
  email: 'meera@example.com',
  status: 'Expired',
  ended_at: '2026-03-03T06:00:00.000Z',
  end_reason: 'removed_by_owner',
});

/** Answers getstrategyusers by the status asked for, as the server filters. */
function usersByStatus(rows: StrategySubscriber[]) {
  return async (request: Request) => {
    const { status } = strategySubscriptionContracts.getStrategyUsers.request.parse(await request.clone().json());
    return ok(usersAnswer(status ? rows.filter((row) => row.status === status) : rows, { taken: 7, following: 2 }));
  };
}

async function openUsersTab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'USERS' }));
  return screen.findByRole('table', { name: 'Subscribers' });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the USERS tab of a group strategy', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('lists the active subscribers with the counters above them', async () => {
    // Prepare
    const { requests } = serveStrategyApi({}, { [call('getstrategyusers')]: usersByStatus([SUB_USER, BUYER, ENDED]) });
    renderApp(MANAGE_PATH);
    // Act
    const table = await openUsersTab();
    // Assess
    const counters = screen.getByLabelText('Subscription counters');
    expect(within(counters).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['7', '2']);
    expect(within(counters).getAllByRole('term').map((term) => term.textContent)).toEqual(['Subscriptions taken', 'Following now']);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User', 'Status', 'Plan', 'Account', 'Multiplier', 'Since', 'Until', 'Auto-renew', 'Source', 'Actions',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: 'Asha Rao' }))).toEqual([
      'Asha Raoasha@example.com', 'Active', 'Quarterly', SUBSCRIBER_ACCOUNT_NAME, '2×', '01-03-2026', '30-05-2026', 'No', 'Added by you (free)', 'Not Subscribe',
    ]);
    const buyer = within(table).getByRole('row', { name: 'Ravi Kumar' });
    expect(cellsOf(buyer).slice(4, 9)).toEqual(['0.5×', '01-03-2026', '30-05-2026', 'Yes', 'Bought by the user']);
    // Only the owner's own sub-users can be taken out of the strategy
    expect(within(buyer).queryByRole('button', { name: /Not Subscribe/ })).toBeNull();
    expect(within(table).queryByRole('row', { name: 'Meera Iyer' })).toBeNull();
    expect(await sentStrategyBodies(requests, 'getstrategyusers')).toEqual([{ group_id: GROUP_ID, status: 'Active' }]);
  });

  it('filters by Expired and All, asking the server for each', async () => {
    // Prepare
    const { requests } = serveStrategyApi({}, { [call('getstrategyusers')]: usersByStatus([SUB_USER, BUYER, ENDED]) });
    renderApp(MANAGE_PATH);
    await openUsersTab();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Expired' }));
    // Assess: an ended subscription shows the day it stopped, and cannot be ended again
    const ended = await screen.findByRole('row', { name: 'Meera Iyer' });
    expect(cellsOf(ended).slice(1, 7)).toEqual(['Expired', 'Quarterly', SUBSCRIBER_ACCOUNT_NAME, '2×', '01-03-2026', '03-03-2026']);
    expect(within(ended).queryByRole('button', { name: /Not Subscribe/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Asha Rao' })).toBeNull());
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    // Assess
    expect(await screen.findByRole('row', { name: 'Asha Rao' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Meera Iyer' })).toBeTruthy();
    expect(await sentStrategyBodies(requests, 'getstrategyusers')).toEqual([
      { group_id: GROUP_ID, status: 'Active' },
      { group_id: GROUP_ID, status: 'Expired' },
      { group_id: GROUP_ID },
    ]);
  });

  it('says so when nobody follows the strategy', async () => {
    // Prepare
    serveStrategyApi({}, { [call('getstrategyusers')]: usersByStatus([]) });
    renderApp(MANAGE_PATH);
    // Act
    fireEvent.click(await screen.findByRole('tab', { name: 'USERS' }));
    // Assess
    expect(await screen.findByText('Nobody follows this strategy now.')).toBeTruthy();
  });

  it('takes a sub-user out of the strategy with Not Subscribe once confirmed, and reads the list again', async () => {
    // Prepare
    let rows = [SUB_USER, BUYER];
    const { requests } = serveStrategyApi({}, {
      [call('getstrategyusers')]: (request) => usersByStatus(rows)(request),
      [call('updatestrategysubscription')]: () => {
        rows = [BUYER];
        return ok({ ...SUB_USER, status: 'Expired', ended_at: '2026-03-05T05:00:00.000Z', end_reason: 'removed_by_owner' });
      },
    });
    renderApp(MANAGE_PATH);
    const table = await openUsersTab();
    // Act: Keep it closes without sending anything
    fireEvent.click(within(table).getByRole('button', { name: 'Not Subscribe Asha Rao' }));
    let dialog = await screen.findByRole('dialog', { name: 'Not Subscribe Asha Rao?' });
    expect(dialog.textContent).toContain("Asha Rao's account leaves Nifty momentum now");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Act
    fireEvent.click(within(table).getByRole('button', { name: 'Not Subscribe Asha Rao' }));
    dialog = await screen.findByRole('dialog', { name: 'Not Subscribe Asha Rao?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Subscribe' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Asha Rao' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await sentStrategyBodies(requests, 'updatestrategysubscription')).toEqual([{ group_id: GROUP_ID, subscription_id: SUBSCRIPTION_ID, subscribed: false }]);
  });

  it("keeps the dialog open with the server's reason when Not Subscribe is refused", async () => {
    // Prepare
    serveStrategyApi({}, {
      [call('getstrategyusers')]: usersByStatus([SUB_USER]),
      [call('updatestrategysubscription')]: () => jsonResponse({ ...errorBody(SUBSCRIPTION_ENDED_MESSAGE, 'BUSINESS_RULE'), msg: SUBSCRIPTION_ENDED_MESSAGE }, 422),
    });
    renderApp(MANAGE_PATH);
    const table = await openUsersTab();
    // Act
    fireEvent.click(within(table).getByRole('button', { name: 'Not Subscribe Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not Subscribe Asha Rao?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Subscribe' }));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', SUBSCRIPTION_ENDED_MESSAGE);
  });

  describe('Add a sub-user', () => {
    const ASHA = subUserFixture({ user_id: SUB_USER.user_id, first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com' });
    const MONTHLY_ID = '01JF00000000000000000PN002';
    const PLANS = [
      planFixture(),
      planFixture({ plan_id: MONTHLY_ID, label: 'Monthly', duration_days: 30, price_credits: 999 }),
      planFixture({ plan_id: '01JF00000000000000000PN003', label: 'Old weekly', duration_days: 7, withdrawn: true, withdrawn_at: '2026-03-02T04:00:00.000Z' }),
    ];
    const ANGEL_NAME = 'Angel One SmartAPI (A123456)';
    const ACCOUNTS = strategySubscriptionContracts.getSubscriberAccounts.response.parse({
      items: [
        { broker_id: SUBSCRIBER_ACCOUNT_ID, broker: 'paper', account_name: SUBSCRIBER_ACCOUNT_NAME },
        { broker_id: ANGEL_ID, broker: 'angelone', account_name: ANGEL_NAME },
      ],
    });
    const SUB_USERS_PATH = '/api/v4/users/subusermanagement/getsubusers';

    const RAVI = subUserFixture();
    /** The sub-users search: the first page shows Ravi only; Asha is found by searching "asha". */
    const subUsersAnswer = async (request: Request) => {
      const { search } = subUserContracts.getSubUsers.request.parse(await request.clone().json());
      const items = search ? [ASHA].filter(() => 'asha rao'.includes(search.toLowerCase())) : [RAVI];
      return ok(subUserContracts.getSubUsers.response.parse({ items, total: items.length }));
    };

    async function openAddDialog() {
      await openUsersTab();
      fireEvent.click(screen.getByRole('button', { name: 'Add a sub-user' }));
      return screen.findByRole('dialog', { name: 'Add a sub-user' });
    }

    async function chooseAsha(dialog: HTMLElement) {
      fireEvent.change(within(dialog).getByLabelText('Find a sub-user'), { target: { value: 'asha' } });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Asha Rao (asha@example.com)' }));
    }

    const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.textContent);

    it("adds the chosen sub-user's account on an offered plan, free, and reads the list again", async () => {
      // Prepare
      let rows = [BUYER];
      const { requests } = serveStrategyApi({ plans: PLANS }, {
        [call('getstrategyusers')]: (request) => usersByStatus(rows)(request),
        [`POST ${SUB_USERS_PATH}`]: subUsersAnswer,
        [call('getsubscriberaccounts')]: () => ok(ACCOUNTS),
        [call('userstrategysubscription')]: () => {
          rows = [SUB_USER, BUYER];
          return ok(subscriptionAnswerSchema.parse({ subscription: SUB_USER, balance_paise: null, replayed: false }));
        },
      });
      renderApp(MANAGE_PATH);
      const dialog = await openAddDialog();
      expect(dialog.textContent).toContain(FREE_ADD_TEXT);
      // Act
      await chooseAsha(dialog);
      const account = await within(dialog).findByLabelText('Account');
      // Assess: the sub-user's accounts by name, and only the plans still offered
      expect(optionTexts(account)).toEqual([SUBSCRIBER_ACCOUNT_NAME, ANGEL_NAME]);
      expect(optionTexts(within(dialog).getByLabelText('Plan'))).toEqual(['Quarterly (90 days)', 'Monthly (30 days)']);
      expect(within(dialog).getByLabelText('Multiplier')).toHaveProperty('value', '1');
      // Act
      fireEvent.change(account, { target: { value: ANGEL_ID } });
      fireEvent.change(within(dialog).getByLabelText('Plan'), { target: { value: MONTHLY_ID } });
      fireEvent.change(within(dialog).getByLabelText('Multiplier'), { target: { value: '1.5' } });
      fireEvent.click(within(dialog).getByRole('switch', { name: /Renew at the end of each period/ }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Asha Rao' }));
      // Assess
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('row', { name: 'Asha Rao' })).toBeTruthy();
      expect(await sentStrategyBodies(requests, 'userstrategysubscription')).toEqual([
        { group_id: GROUP_ID, sub_user_id: ASHA.user_id, broker_id: ANGEL_ID, plan_id: MONTHLY_ID, multiplier: 1.5, auto_renew: true, idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
      ]);
      // The sub-user's accounts are read for the choice (and again once the add changed them).
      const accountReads = await sentStrategyBodies(requests, 'getsubscriberaccounts');
      expect(new Set(accountReads.map((body) => JSON.stringify(body)))).toEqual(new Set([JSON.stringify({ group_id: GROUP_ID, sub_user_id: ASHA.user_id })]));
      const searches = await Promise.all(requests.filter((request) => new URL(request.url).pathname === SUB_USERS_PATH).map((request) => request.clone().json()));
      expect(searches).toEqual([
        { status: 'all', offset: 0, limit: 10 },
        { search: 'asha', status: 'all', offset: 0, limit: 10 },
      ]);
      expect(await sentStrategyBodies(requests, 'getstrategyusers')).toEqual([{ group_id: GROUP_ID, status: 'Active' }, { group_id: GROUP_ID, status: 'Active' }]);
    });

    it('says so when the sub-user has no connected account to add, and offers no Add', async () => {
      // Prepare
      const { requests } = serveStrategyApi({ plans: PLANS }, {
        [call('getstrategyusers')]: usersByStatus([BUYER]),
        [`POST ${SUB_USERS_PATH}`]: subUsersAnswer,
        [call('getsubscriberaccounts')]: () => ok({ items: [] }),
      });
      renderApp(MANAGE_PATH);
      const dialog = await openAddDialog();
      // Act
      await chooseAsha(dialog);
      // Assess
      expect(await within(dialog).findByText(/^Asha Rao has no connected account to add/)).toBeTruthy();
      expect(within(dialog).queryByLabelText('Account')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Add Asha Rao' })).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await sentStrategyBodies(requests, 'userstrategysubscription')).toEqual([]);
    });

    it("shows the server's reason in the dialog, and a retry sends the same idempotency key", async () => {
      // Prepare
      const { requests } = serveStrategyApi({ plans: PLANS }, {
        [call('getstrategyusers')]: usersByStatus([BUYER]),
        [`POST ${SUB_USERS_PATH}`]: subUsersAnswer,
        [call('getsubscriberaccounts')]: () => ok(ACCOUNTS),
        [call('userstrategysubscription')]: () => jsonResponse({ ...errorBody(ACCOUNT_IN_STRATEGY_MESSAGE, 'CONFLICT'), msg: ACCOUNT_IN_STRATEGY_MESSAGE }, 409),
      });
      renderApp(MANAGE_PATH);
      const dialog = await openAddDialog();
      await chooseAsha(dialog);
      await within(dialog).findByLabelText('Account');
      // Act
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Asha Rao' }));
      // Assess
      expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', ACCOUNT_IN_STRATEGY_MESSAGE);
      expect(screen.getByRole('dialog', { name: 'Add a sub-user' })).toBeTruthy();
      // Act
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Asha Rao' }));
      // Assess
      await waitFor(async () => expect(await sentStrategyBodies(requests, 'userstrategysubscription')).toHaveLength(2));
      const [first, second] = (await sentStrategyBodies(requests, 'userstrategysubscription')) as { idempotency_key: string; plan_id: string }[];
      expect(first?.plan_id).toBe(PLAN_ID);
      expect(second?.idempotency_key).toBe(first?.idempotency_key);
    });
  });
});
