import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, accountFixture, serveBrokerApi } from './demat-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';

const PAPER_ACCOUNT = accountFixture();

async function accountsSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Your accounts' });
}

describe('demat page', () => {
  afterEach(resetWebTestState);

  it('shows the catalog with a coming-soon broker marked and without a connect button', async () => {
    // Act
    serveBrokerApi([]);
    renderApp('/demat');
    // Assess
    const catalog = await screen.findByRole('region', { name: 'Add a broker account' });
    for (const name of ['Paper Trading', 'Zerodha Kite', 'Angel One SmartAPI']) {
      expect(within(await within(catalog).findByRole('article', { name })).getByRole('button', { name: `Connect ${name}` })).toBeTruthy();
    }
    for (const name of ['Upstox']) {
      const card = within(catalog).getByRole('article', { name });
      expect(within(card).getByText('Coming soon')).toBeTruthy();
      expect(within(card).queryByRole('button')).toBeNull();
    }
  });

  it('says so when there are no accounts yet, with refresh all and remove all off', async () => {
    // Act
    serveBrokerApi([]);
    renderApp('/demat');
    // Assess
    const section = await accountsSection();
    expect(await within(section).findByText(/No broker accounts yet/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Refresh all' }).hasAttribute('disabled')).toBe(true);
    expect(within(section).getByRole('button', { name: 'Remove all' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows each account as a card with its status, facts, note and switches', async () => {
    // Act
    serveBrokerApi([PAPER_ACCOUNT, ANGEL_ACCOUNT]);
    renderApp('/demat');
    // Assess
    const paper = await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    expect(within(paper).getByText('Connected')).toBeTruthy();
    expect(within(paper).getByText('₹1.0M')).toBeTruthy();
    expect(within(paper).getAllByText('Not needed for paper')).toHaveLength(2);
    expect(within(paper).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', true);
    expect(within(paper).queryByRole('button', { name: /^Buy plan/ })).toBeNull();
    const angel = screen.getByRole('article', { name: 'Angel One SmartAPI (A123456)' });
    expect(within(angel).getByText('Expired')).toBeTruthy();
    expect(within(angel).getByText('01-04-2026')).toBeTruthy();
    expect(within(angel).getByText('Note: Swing account')).toBeTruthy();
    expect(within(angel).getByRole('switch', { name: 'Auto-renew' })).toHaveProperty('checked', true);
    expect(within(angel).getByRole('button', { name: 'Reconnect Angel One SmartAPI (A123456)' })).toBeTruthy();
    expect(within(angel).getByRole('link', { name: 'Angel One SmartAPI (A123456)' }).getAttribute('href')).toBe(
      `/demat/${ANGEL_ACCOUNT.broker_id}`,
    );
  });

  it('switches to a table and remembers the choice for the next visit', async () => {
    // Prepare
    serveBrokerApi([PAPER_ACCOUNT, ANGEL_ACCOUNT]);
    renderApp('/demat');
    await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    // Assess
    const table = await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toContain('Plan expires');
    expect(within(table).getByRole('row', { name: 'Angel One SmartAPI (A123456)' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Paper Trading (000PAP1)' })).toBeNull();

    // Act
    resetWebTestStateKeepingStorage();
    serveBrokerApi([PAPER_ACCOUNT]);
    renderApp('/demat');
    // Assess
    expect(await screen.findByRole('row', { name: 'Paper Trading (000PAP1)' })).toBeTruthy();
  });

  it('sends a switch change to the server and shows what it answered', async () => {
    // Prepare
    const { requests } = serveBrokerApi([PAPER_ACCOUNT]);
    renderApp('/demat');
    const paper = await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    // Act
    fireEvent.click(within(paper).getByRole('switch', { name: 'Trading' }));
    // Assess
    await expect.poll(() => within(paper).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', false);
    const sent = requests.find((request) => request.url.endsWith('/updatebrokertradingflag'));
    expect(await sent?.clone().json()).toEqual({ broker_id: PAPER_ACCOUNT.broker_id, trading_enabled: false });
  });
});

/** A second visit in the same browser: the page goes, local storage stays. */
function resetWebTestStateKeepingStorage(): void {
  const stored = Object.entries({ ...localStorage });
  resetWebTestState();
  for (const [key, value] of stored) localStorage.setItem(key, value);
}
