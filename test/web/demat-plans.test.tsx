import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brokerContracts } from '../../shared/contracts/broker';
import { ANGEL_ACCOUNT, accountFixture, BROKER_PATH, sentBodies, serveBrokerApi } from './demat-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const BUY = `POST ${BROKER_PATH}/updatebrokersubscription`;
const purchaseRequest = brokerContracts.updateBrokerSubscription.request;

async function openPlanDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Buy plan Angel One SmartAPI (A123456)' }));
  return screen.findByRole('dialog', { name: 'Buy a plan for Angel One SmartAPI (A123456)' });
}

async function sentPurchases(requests: readonly Request[]) {
  return (await sentBodies(requests, 'updatebrokersubscription')).map((body) => purchaseRequest.parse(body));
}

describe('buying a plan for an account', () => {
  afterEach(resetWebTestState);

  it('lists the plans with their price in credits and sends the choice with an idempotency key', async () => {
    // Prepare
    const renewed = { ...ANGEL_ACCOUNT, subscription_expires_at: '2026-05-01T00:00:00.000Z' };
    // Only the purchase is answered here; the list keeps answering what it had.
    const { requests } = serveBrokerApi([ANGEL_ACCOUNT], {
      [BUY]: () =>
        jsonResponse(successBody({ account: renewed, charged_credits: 500, balance_after: 750, ledger_entry_id: 'L1', replayed: false })),
    });
    renderApp('/demat');
    const dialog = await openPlanDialog();
    // Act
    fireEvent.click(await within(dialog).findByLabelText('Monthly · 30 days · 500 credits'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy plan' }));
    // Assess
    expect(await screen.findByText('Plan bought for Angel One SmartAPI (A123456): 500 credits charged, 750 left.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [purchase] = await sentPurchases(requests);
    expect(purchase).toMatchObject({ broker_id: ANGEL_ACCOUNT.broker_id, plan_id: 'monthly' });
    expect(purchase?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("shows the server's insufficient-credit message, retries under the same key and takes a new key for another plan", async () => {
    // Prepare
    const { requests } = serveBrokerApi([ANGEL_ACCOUNT], {
      [BUY]: () => jsonResponse(errorBody('Not enough credit.', 'BUSINESS_RULE'), 422),
    });
    renderApp('/demat');
    const dialog = await openPlanDialog();
    fireEvent.click(await within(dialog).findByLabelText('Quarterly · 90 days · 1.4K credits'));
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy plan' }));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Not enough credit.');

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy plan' }));
    await waitFor(async () => expect(await sentPurchases(requests)).toHaveLength(2));
    fireEvent.click(within(dialog).getByLabelText('Monthly · 30 days · 500 credits'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy plan' }));
    // Assess
    await waitFor(async () => expect(await sentPurchases(requests)).toHaveLength(3));
    const [first, retry, otherPlan] = await sentPurchases(requests);
    expect(retry?.idempotency_key).toBe(first?.idempotency_key);
    expect(otherPlan?.idempotency_key).not.toBe(first?.idempotency_key);
  });

  it('offers no plan for a paper account', async () => {
    // Act
    serveBrokerApi([accountFixture()]);
    renderApp('/demat');
    // Assess
    const paper = await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    expect(within(paper).queryByRole('button', { name: /^Buy plan/ })).toBeNull();
  });
});
