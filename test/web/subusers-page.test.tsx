import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { BROKER_PANEL, LINK_PARENT, MEERA, RAVI, SUB, serveSubUserApi, subUserFixture } from './subusers-fixtures';

const rowOf = (name: RegExp) => screen.findByRole('row', { name });

function fill(dialog: HTMLElement, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('the /user page', () => {
  afterEach(resetWebTestState);

  it('lists the sub-users of a parent as "Link User", with balance and permission switches', async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA]);
    // Act
    renderApp('/user');
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Link User' })).toBeTruthy();
    const ravi = await rowOf(/Ravi Kumar #12/);
    expect(within(ravi).getByText('ravi@example.com')).toBeTruthy();
    expect(within(ravi).getByText('9876500012')).toBeTruthy();
    expect(within(ravi).getByText('₹1,23,456.50')).toBeTruthy();
    expect(within(ravi).getByRole('switch', { name: 'Demat for Ravi Kumar' })).toHaveProperty('checked', true);
    expect(within(ravi).getByRole('switch', { name: 'Static IP purchase for Ravi Kumar' })).toHaveProperty('checked', false);
    expect(within(ravi).getByRole('link', { name: 'Open Ravi Kumar' }).getAttribute('href')).toBe('/user/12');
    const meera = await rowOf(/Meera Shah #15/);
    expect(within(meera).getByRole('switch', { name: 'Demat for Meera Shah' })).toHaveProperty('checked', false);
    expect(sent.getsubusers).toEqual([{ status: 'all', offset: 0, limit: 20 }]);
  });

  it('is titled "User" for the broker panel', async () => {
    // Prepare
    serveSubUserApi(BROKER_PANEL, [RAVI]);
    // Act
    renderApp('/user');
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'User' })).toBeTruthy();
    expect(await rowOf(/Ravi Kumar #12/)).toBeTruthy();
  });

  it('searches by name and filters by status', async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA, subUserFixture({ user_id: 20, first_name: 'Old', last_name: 'Account', email: 'old@example.com', mobile_no: '9876500020', profile_status: 'inactive' })]);
    renderApp('/user');
    await rowOf(/Ravi Kumar #12/);
    // Act
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' meera ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ravi Kumar/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Meera Shah #15/ })).toBeTruthy();
    expect(sent.getsubusers?.[1]).toEqual({ search: 'meera', status: 'all', offset: 0, limit: 20 });

    // Act
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    // Assess
    expect(await rowOf(/Old Account #20/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Meera Shah/ })).toBeNull());
    expect(sent.getsubusers?.at(-1)).toEqual({ status: 'inactive', offset: 0, limit: 20 });
  });

  it("switches one user's demat permission with the one-user call", async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA]);
    renderApp('/user');
    const ravi = await rowOf(/Ravi Kumar #12/);
    // Act
    fireEvent.click(within(ravi).getByRole('switch', { name: 'Demat for Ravi Kumar' }));
    // Assess
    await waitFor(() => expect(sent.updatesubuserdematallowflag).toEqual([{ sub_user_id: 12, allowed: false }]));
    await waitFor(() => expect(within(ravi).getByRole('switch', { name: 'Demat for Ravi Kumar' })).toHaveProperty('checked', false));
    expect(sent.updatesubuserpurchaseipallowflag).toBeUndefined();
  });

  it('puts a refused switch back and says why', async () => {
    // Prepare
    const refusal = { status: false, error: { message: 'You cannot change this user.', code: 'BUSINESS_RULE' } };
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI], { [`POST ${SUB}/setlinksharingflag`]: () => jsonResponse(refusal, 422) });
    renderApp('/user');
    const ravi = await rowOf(/Ravi Kumar #12/);
    // Act
    fireEvent.click(within(ravi).getByRole('switch', { name: 'Link sharing for Ravi Kumar' }));
    // Assess
    expect(await screen.findByText('You cannot change this user.')).toBeTruthy();
    await waitFor(() => expect(within(ravi).getByRole('switch', { name: 'Link sharing for Ravi Kumar' })).toHaveProperty('checked', true));
    expect(sent.setlinksharingflag).toEqual([{ sub_user_id: 12, allowed: false }]);
  });

  it('allows demat for the ticked users with the many-users call', async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI, MEERA], {
      [`POST ${SUB}/allowdisallowdemat`]: () => jsonResponse(successBody({ updated: 1, user_ids: [15] })),
    });
    renderApp('/user');
    const meera = await rowOf(/Meera Shah #15/);
    // Act
    fireEvent.click(within(meera).getByRole('checkbox', { name: 'Select Meera Shah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Allow demat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow demat' });
    expect(within(dialog).getByText('Allow demat for the 1 selected user?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow demat' }));
    // Assess
    expect(await screen.findByText('Allow demat: 1 user changed.')).toBeTruthy();
    expect(sent.allowdisallowdemat).toEqual([{ sub_user_ids: [15], allowed: true }]);
  });

  it("offers the franchise's connectable brokers as links to connect one for the user", async () => {
    // Prepare
    serveSubUserApi(LINK_PARENT, [RAVI]);
    renderApp('/user');
    const ravi = await rowOf(/Ravi Kumar #12/);
    // Act
    fireEvent.click(within(ravi).getByRole('button', { name: 'Connect broker' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Connect a broker for Ravi Kumar' });
    const brokers = await within(dialog).findByRole('list', { name: 'Brokers' });
    expect(within(brokers).getByRole('link', { name: 'Paper Trading' }).getAttribute('href')).toBe('/user/demat/paper?sub_user_id=12');
    expect(within(brokers).getByRole('link', { name: 'Angel One SmartAPI' }).getAttribute('href')).toBe('/user/demat/angelone?sub_user_id=12');
    expect(within(brokers).queryByRole('link', { name: 'Upstox' })).toBeNull();
  });

  it('sets a referral percent only when it has at most two decimals', async () => {
    // Prepare
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI], {
      [`POST ${SUB}/updatereferpercent`]: () => jsonResponse(successBody({ sub_user: { ...RAVI, referral_percent: 12.5 } })),
    });
    renderApp('/user');
    const ravi = await rowOf(/Ravi Kumar #12/);
    fireEvent.click(within(ravi).getByRole('button', { name: /Referral percent of Ravi Kumar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Referral percent of Ravi Kumar' });
    // Act
    fill(dialog, { 'Referral percent': '12.555' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    expect(await within(dialog).findByText('Use at most two decimals.')).toBeTruthy();
    expect(sent.updatereferpercent).toBeUndefined();

    // Act
    fill(dialog, { 'Referral percent': '12.5' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.updatereferpercent).toEqual([{ sub_user_id: 12, referral_percent: 12.5 }]);
    expect(within(ravi).getByRole('button', { name: /Referral percent of Ravi Kumar/ }).textContent).toBe('12.50 %');
  });

  it('shows a duplicate email from the server (409) on the email field of the add-user dialog', async () => {
    // Prepare
    const duplicate = {
      status: false,
      error: { message: 'This email is already registered.', code: 'CONFLICT', details: [{ path: 'email', message: 'This email is already registered.' }] },
    };
    const { sent } = serveSubUserApi(LINK_PARENT, [RAVI], { [`POST ${SUB}/addsubuser`]: () => jsonResponse(duplicate, 409) });
    renderApp('/user');
    await rowOf(/Ravi Kumar #12/);
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    // Assess
    expect(await within(dialog).findByText('First name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid 10-digit mobile number.')).toBeTruthy();
    expect(sent.addsubuser).toBeUndefined();

    // Act
    fill(dialog, { 'First name': 'Ravi', 'Last name': 'Kumar', Email: 'Ravi@Example.com', 'Mobile number': '9876500099' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    // Assess
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('This email is already registered.').length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText('Mobile number').getAttribute('aria-invalid')).not.toBe('true');
    expect(sent.addsubuser).toEqual([{ first_name: 'Ravi', last_name: 'Kumar', email: 'ravi@example.com', mobile_no: '9876500099' }]);
  });

  it('says the user was added and whether the welcome mail went out', async () => {
    // Prepare
    const added = subUserFixture({ user_id: 30, first_name: 'Nisha', last_name: 'Patel', email: 'nisha@example.com', mobile_no: '9876500030', password_set: false });
    serveSubUserApi(LINK_PARENT, [RAVI], { [`POST ${SUB}/addsubuser`]: () => jsonResponse(successBody({ sub_user: added, mail_sent: false })) });
    renderApp('/user');
    await rowOf(/Ravi Kumar #12/);
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    // Act
    fill(dialog, { 'First name': 'Nisha', 'Last name': 'Patel', Email: 'nisha@example.com', 'Mobile number': '9876500030' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    // Assess
    expect(await screen.findByText('Nisha Patel was added, but the mail to set a password could not be sent. Check the mail settings in Configs.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
