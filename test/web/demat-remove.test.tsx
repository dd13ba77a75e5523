import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, accountFixture, BROKER_PATH, sentBodies, serveBrokerApi } from './demat-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const REFUND_NOTE = `POST ${BROKER_PATH}/getdeleterefundnote`;

describe('removing broker accounts', () => {
  afterEach(resetWebTestState);

  it('shows the refund note before the removal can be confirmed', async () => {
    // Prepare
    let answerNote: (response: Response) => void = () => undefined;
    const { requests } = serveBrokerApi([ANGEL_ACCOUNT], {
      [REFUND_NOTE]: () => new Promise<Response>((resolve) => (answerNote = resolve)),
    });
    renderApp('/demat');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Angel One SmartAPI (A123456)' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Remove Angel One SmartAPI (A123456)?' });
    expect(within(dialog).getByRole('button', { name: 'Remove account' }).hasAttribute('disabled')).toBe(true);
    expect(await sentBodies(requests, 'getdeleterefundnote')).toEqual([{ broker_id: ANGEL_ACCOUNT.broker_id }]);

    // Act
    answerNote(jsonResponse(successBody({ refund_credits: 250, remaining_days: 15, note: '15 of the 30 paid days are left.' })));
    // Assess
    const note = await within(dialog).findByTestId('refund-note');
    expect(note.textContent).toContain('15 of the 30 paid days are left.');
    expect(note.textContent).toContain('Refund: 250 credits');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove account' }).hasAttribute('disabled')).toBe(false));
    expect(await sentBodies(requests, 'removebroker')).toEqual([]);
  });

  it('removes the account once confirmed', async () => {
    // Prepare
    const { requests } = serveBrokerApi([accountFixture(), ANGEL_ACCOUNT]);
    renderApp('/demat');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Angel One SmartAPI (A123456)' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refund-note');
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    // Assess
    expect(await screen.findByText('Angel One SmartAPI (A123456) removed; 250 credits refunded.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Angel One SmartAPI (A123456)' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Paper Trading (000PAP1)' })).toBeTruthy();
    expect(await sentBodies(requests, 'removebroker')).toEqual([{ broker_id: ANGEL_ACCOUNT.broker_id }]);
  });

  it('removes all accounts after a confirmation', async () => {
    // Prepare
    const { requests } = serveBrokerApi([accountFixture(), ANGEL_ACCOUNT], {
      [`POST ${BROKER_PATH}/removeallselfbrokers`]: () => jsonResponse(successBody({ removed: 2, refunded_credits: 250 })),
    });
    renderApp('/demat');
    await screen.findByRole('article', { name: 'Paper Trading (000PAP1)' });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove all accounts?' });
    expect(within(dialog).getByText(/All 2 of your broker accounts/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove all' }));
    // Assess
    expect(await screen.findByText('2 accounts removed; 250 credits refunded.')).toBeTruthy();
    expect(await sentBodies(requests, 'removeallselfbrokers')).toEqual([{}]);
  });
});
