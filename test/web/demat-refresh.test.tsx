import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, accountFixture, BROKER_PATH, sentBodies, serveBrokerApi } from './demat-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const PAPER_ACCOUNT = accountFixture();
const SUCCESS = 'Data refreshed successfully!';
const FAILURE = 'Error refreshing data. Please try again.';

async function toastSaying(message: string): Promise<HTMLElement> {
  const messages = await screen.findByRole('region', { name: 'Messages' });
  return within(messages).findByText(message);
}

describe('refreshing broker accounts', () => {
  afterEach(resetWebTestState);

  it('refreshes one account and says so', async () => {
    // Prepare
    const { requests } = serveBrokerApi([PAPER_ACCOUNT]);
    renderApp('/demat');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Paper Trading (000PAP1)' }));
    // Assess
    expect(await toastSaying(SUCCESS)).toBeTruthy();
    expect(await sentBodies(requests, 'refresh')).toEqual([{ broker_id: PAPER_ACCOUNT.broker_id }]);
  });

  it('says when a refresh fails', async () => {
    // Prepare
    serveBrokerApi([ANGEL_ACCOUNT], {
      [`POST ${BROKER_PATH}/refresh`]: () => jsonResponse(errorBody('Angel One did not answer', 'BROKER_FAILURE'), 502),
    });
    renderApp('/demat');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Angel One SmartAPI (A123456)' }));
    // Assess
    expect(await toastSaying(FAILURE)).toBeTruthy();
  });

  it('refreshes all accounts at once', async () => {
    // Prepare
    serveBrokerApi([PAPER_ACCOUNT, ANGEL_ACCOUNT]);
    renderApp('/demat');
    await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    // Assess
    expect(await toastSaying(SUCCESS)).toBeTruthy();
  });

  it('reports refresh all as failed when any account could not be refreshed', async () => {
    // Prepare
    serveBrokerApi([PAPER_ACCOUNT, ANGEL_ACCOUNT], {
      [`GET ${BROKER_PATH}/refreshall`]: () => jsonResponse(successBody({ accounts: [PAPER_ACCOUNT], refreshed: 1, failed: 1 })),
    });
    renderApp('/demat');
    await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    // Assess
    expect(await toastSaying(FAILURE)).toBeTruthy();
  });
});
