import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { groupsContracts, type Group } from '../../shared/contracts/groups';
import { AppProviders } from '../../web/src/app/providers';
import { StrategySettingsCard } from '../../web/src/features/groups/components/strategy-settings-card';
import { saveSession } from '../../web/src/lib/auth-storage';
import { BROKER_PANEL } from './group-strategy-fixtures';
import { GROUP_ID, groupFixture, serveGroupsApi } from './groups-fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const UPDATE_STRATEGY = '/api/v4/users/groups/updatestrategy';
const ORDINARY_GROUP = groupFixture({ is_strategy: false, visibility: 'PRIVATE', strategy_description: '' });

/** Signs in as a broker panel and answers `updatestrategy` as the server does (or with `refusal`). */
function servePanel(refusal?: Response) {
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: BROKER_PANEL.frch_id }), BROKER_PANEL);
  return stubFetch({
    'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${UPDATE_STRATEGY}`]: async (request) => {
      if (refusal) return refusal;
      const body = groupsContracts.updateStrategy.request.parse(await request.clone().json());
      return jsonResponse(successBody({ ...ORDINARY_GROUP, ...body, grp_id: body.group_id }));
    },
  });
}

function renderCard(group: Group) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <StrategySettingsCard group={group} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const sentBodies = (requests: readonly Request[]) =>
  Promise.all(requests.filter((request) => new URL(request.url).pathname === UPDATE_STRATEGY).map((request) => request.clone().json() as Promise<unknown>));

describe('group strategy settings on the group page', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('is not shown to a user who is not a broker panel', async () => {
    // Prepare
    serveGroupsApi();
    // Act
    renderApp(`/group/group/${GROUP_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Nifty options' }, { timeout: 5_000 });
    // Assess
    expect(screen.queryByRole('form', { name: 'Group strategy settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage plans, records and permissions' })).toBeNull();
  });

  it('sends the exact contract body and then links to the strategy management page', async () => {
    // Prepare
    const { requests } = servePanel();
    renderCard(ORDINARY_GROUP);
    const form = await screen.findByRole('form', { name: 'Group strategy settings' });
    expect(within(form).queryByRole('link', { name: 'Manage plans, records and permissions' })).toBeNull();
    // Act
    fireEvent.click(within(form).getByRole('switch', { name: 'Offer as a group strategy' }));
    fireEvent.change(within(form).getByLabelText('Visibility'), { target: { value: 'PUBLIC' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: '  Intraday Nifty options.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(async () => expect(await sentBodies(requests)).toEqual([{ group_id: GROUP_ID, is_strategy: true, visibility: 'PUBLIC', strategy_description: 'Intraday Nifty options.' }]));
    expect(await screen.findByText('The group is offered as a group strategy.')).toBeTruthy();
  });

  it('shows the manage link for a strategy, pointing at /group/strategy/manage/<id>', async () => {
    // Prepare
    servePanel();
    // Act
    renderCard(groupFixture({ is_strategy: true, visibility: 'PUBLIC', strategy_description: 'Intraday Nifty options.' }));
    // Assess
    const link = await screen.findByRole('link', { name: 'Manage plans, records and permissions' });
    expect(link.getAttribute('href')).toBe(`/group/strategy/manage/${GROUP_ID}`);
  });

  it('shows the server refusal and keeps a description over 500 characters from being sent', async () => {
    // Prepare
    const { requests } = servePanel(jsonResponse({ ...errorBody('Only a broker panel may offer a group strategy.', 'FORBIDDEN'), msg: 'Only a broker panel may offer a group strategy.' }, 403));
    renderCard(ORDINARY_GROUP);
    const form = await screen.findByRole('form', { name: 'Group strategy settings' });
    // Act
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'x'.repeat(501) } });
    // Assess
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // Act
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // Assess
    expect((await within(form).findByRole('alert')).textContent).toContain('Only a broker panel may offer a group strategy.');
    expect(await sentBodies(requests)).toEqual([{ group_id: GROUP_ID, is_strategy: false, visibility: 'PRIVATE', strategy_description: 'Short' }]);
  });
});
