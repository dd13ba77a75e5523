import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFixture, NEW_PAPER_ID } from './demat-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { A, LINK_PARENT, MEERA, RAVI, serveSubUserApi } from './subusers-fixtures';

const CONNECT = `POST ${A}/users/broker/connectsubuserbroker`;
const RAVIS_PAPER = accountFixture({ broker_id: NEW_PAPER_ID, broker_combined_name: 'Paper Trading (000PAP2)' });

describe('connecting a broker account for a sub-user (/user/demat/{broker_id})', () => {
  afterEach(resetWebTestState);

  it("connects a paper account that belongs to the sub-user named in the address", async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA], { [CONNECT]: () => jsonResponse(successBody({ account: RAVIS_PAPER, login_url: null })) });
    renderApp('/user/demat/paper?sub_user_id=12');
    const form = await screen.findByRole('form', { name: 'Connect Paper Trading' });
    expect(screen.getByRole('heading', { level: 2, name: 'Connect Paper Trading for a user' })).toBeTruthy();
    expect(screen.getByText('Ravi Kumar (#12)')).toBeTruthy();
    // Act
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    // Assess
    expect(await screen.findByText("Paper Trading (000PAP2) is connected for Ravi Kumar. It is Ravi Kumar's account and shows on their Demat page.")).toBeTruthy();
    expect(sent.connectsubuserbroker).toEqual([{ sub_user_id: 12, connection: { broker: 'paper' } }]);
    expect(sent.getsubuserinfo?.[0]).toEqual({ sub_user_id: 12 });
    expect(screen.getByRole('link', { name: 'Back to users' }).getAttribute('href')).toBe('/user');
  });

  it("says so and offers nothing to send while the sub-user's demat permission is off", async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA]);
    // Act
    renderApp('/user/demat/angelone?sub_user_id=15');
    // Assess
    expect(await screen.findByText(/Demat is not allowed for Meera Shah, so no broker account can be connected for them/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Connect/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(screen.queryByLabelText('Client code')).toBeNull();
    expect(sent.connectsubuserbroker).toBeUndefined();
  });

  it('shows the server\'s message when the user is not one the caller manages', async () => {
    // Prepare
    serveSubUserApi(LINK_PARENT, [RAVI]);
    // Act
    renderApp('/user/demat/paper?sub_user_id=99');
    // Assess
    expect(await screen.findByText('User not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('asks which sub-user first when the address names none', async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA]);
    renderApp('/user/demat/zerodha');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByRole('link', { name: 'Ravi Kumar (#12)' }).getAttribute('href')).toBe('/user/demat/zerodha?sub_user_id=12');
    // Act
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'shah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Users' })).queryByRole('link', { name: 'Ravi Kumar (#12)' })).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Meera Shah (#15)' }));
    expect(await screen.findByText(/Demat is not allowed for Meera Shah/)).toBeTruthy();
    expect(sent.getsubusers?.[1]).toEqual({ search: 'shah', status: 'all', offset: 0, limit: 10 });
  });
});
