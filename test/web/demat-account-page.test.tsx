import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, ANGEL_ID, accountFixture, PAPER_ID, serveBrokerApi } from './demat-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';

const currentPath = () => screen.getByTestId('current-path').textContent;

describe('demat account page', () => {
  afterEach(resetWebTestState);

  it("shows the account's status, session, plan, switches and note, and no made-up positions", async () => {
    // Act
    serveBrokerApi([ANGEL_ACCOUNT]);
    renderApp(`/demat/${ANGEL_ID}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 3, name: 'Angel One SmartAPI (A123456)' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Expired')).toBeTruthy();
    expect(within(main).getByText(/The broker session ended; reconnect to trade/)).toBeTruthy();
    expect(within(main).getByText('No session')).toBeTruthy();
    expect(within(main).getByText('01-04-2026')).toBeTruthy();
    expect(within(main).getByText('Note: Swing account')).toBeTruthy();
    expect(within(main).getByRole('switch', { name: 'Auto-renew' })).toHaveProperty('checked', true);
    expect(within(main).getByText(/Positions, the order book and new orders need a live session/)).toBeTruthy();
    expect(within(main).getByText(/No funds read yet/)).toBeTruthy();
  });

  it("shows the funds the last refresh read, and links back to the list", async () => {
    // Prepare
    serveBrokerApi([accountFixture()]);
    renderApp(`/demat/${PAPER_ID}`);
    const trading = await screen.findByRole('region', { name: 'Funds' });
    // Assess
    expect(within(trading).getByText('₹1.0M')).toBeTruthy();
    // Act
    fireEvent.click(screen.getByRole('link', { name: '← Back to Demat' }));
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/demat'));
  });

  it("shows the server's message for an account that is not the user's", async () => {
    // Act
    serveBrokerApi([]);
    renderApp(`/demat/${ANGEL_ID}`);
    // Assess
    expect(await screen.findByText('Broker account not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('goes back to the list after the account is removed', async () => {
    // Prepare
    serveBrokerApi([ANGEL_ACCOUNT]);
    renderApp(`/demat/${ANGEL_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Angel One SmartAPI (A123456)' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refund-note');
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/demat'));
  });
});

describe('demat connected page', () => {
  afterEach(resetWebTestState);

  it("confirms the broker's redirect with the account's status and links back, without sidebar", async () => {
    // Act
    serveBrokerApi([accountFixture({ broker_id: ANGEL_ID, broker: 'zerodha', broker_combined_name: 'Zerodha Kite (AB1234)' })]);
    renderApp(`/dematconnected?status=success&broker_id=${ANGEL_ID}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Broker connected' })).toBeTruthy();
    expect(await screen.findByText('Zerodha Kite (AB1234)')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your demat accounts' }).getAttribute('href')).toBe('/demat');
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('says when the broker reports that the login did not finish', async () => {
    // Act
    serveBrokerApi([]);
    renderApp('/dematconnected?status=cancelled');
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Broker login did not finish' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your demat accounts' })).toBeTruthy();
  });
});
