import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userContracts } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { ledgerEntryFixture } from './wallet-fixtures';

/** The chart library draws on a canvas jsdom does not have: a stand-in records what the line was given. */
const drawn = vi.hoisted(() => ({ lines: [] as { time: number; value: number }[][] }));
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: (data: { time: number; value: number }[]) => drawn.lines.push(data) }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

/** 2026-11-21 14:05:09 in Asia/Kolkata. */
const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const FIRST = [
  ledgerEntryFixture(),
  ledgerEntryFixture({ id: 'led-2', type: 'debit', amount: 249.5, amount_paise: 24_950, balance_after: 750.5, balance_after_paise: 75_050, reason: 'broker_subscription', reference: { plan: 'Monthly' }, description: 'Broker plan', create_time: '2026-11-20T18:45:10.000Z' }),
];
const SECOND = [ledgerEntryFixture({ id: 'led-3', amount: 1000.5, amount_paise: 100_050, balance_after: 1000.5, balance_after_paise: 100_050, reason: 'bank_transfer', reference: { utr: 'HDFCN5202611210001' }, description: 'Bank transfer', create_time: '2026-10-23T04:00:00.000Z' })];

function openWallet() {
  const bodies: unknown[] = [];
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const emptyPage = () => jsonResponse(successBody({ items: [], next_cursor: null }));
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profileFixture())),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/payment/getpaymentoptions`]: () => jsonResponse(successBody({ methods: [{ payment_api: 'PHONEPE', enabled: false, min_amount: 1, max_amount: 100_000 }] })),
    [`GET ${A}/users/brokerpanelconfigs/getbankdetails`]: () => jsonResponse(successBody({ configured: false, account_name: '', account_number: '', ifsc: '', bank_name: '', branch: '', upi_id: '', updated_at: null })),
    [`POST ${A}/payment/getpayments`]: emptyPage,
    [`POST ${A}/payment/getbanktransfers`]: emptyPage,
    [`POST ${A}/users/getuserledger`]: async (request) => {
      const body = userContracts.getUserLedger.request.parse(await request.json());
      bodies.push(body);
      return jsonResponse(successBody(body.cursor === 'c2' ? { items: SECOND, next_cursor: null } : { items: FIRST, next_cursor: 'c2' }));
    },
  });
  renderApp('/wallet');
  return bodies;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('wallet ledger', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    drawn.lines.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('lists the last 30 days with reason words, reference and balance after, and draws the balance', async () => {
    const bodies = openWallet();
    const table = await screen.findByRole('table', { name: /Wallet ledger/ });
    expect(bodies[0]).toEqual({ from_date: '2026-10-22', to_date: '2026-11-21', limit: 50 });
    expect(rowsOf(table)).toEqual([
      ['2026-11-21 14:00:00', 'PhonePe payment', 'Credit', '+₹500.00', '₹1,250.50', `payment id: ${FIRST[0]?.reference.payment_id}`],
      ['2026-11-21 00:15:10', 'Broker plan', 'Debit', '-₹249.50', '₹750.50', 'plan: Monthly'],
    ]);
    await waitFor(() => expect(drawn.lines.at(-1)?.map((point) => point.value)).toEqual([750.5, 1250.5]));
    expect(screen.getByText('Adding credit is not open yet: your broker has not set up a payment method.')).toBeTruthy();
  });

  it('exports every page of the range as CSV named with the Asia/Kolkata time', async () => {
    // Prepare
    const downloads: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob instanceof Blob ? blob : null;
      return 'blob:ledger-csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
    });
    const bodies = openWallet();
    await screen.findByRole('table', { name: /Wallet ledger/ });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    // Assess
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(bodies.slice(1)).toEqual([
      { from_date: '2026-10-22', to_date: '2026-11-21', limit: 100 },
      { from_date: '2026-10-22', to_date: '2026-11-21', limit: 100, cursor: 'c2' },
    ]);
    expect(downloads[0]?.name).toBe('wallet-ledger_2026-11-21_14-05-09.csv');
    expect(await downloads[0]?.blob.text()).toBe(
      [
        'Date-time,Type,Amount (₹),Balance after (₹),Reason,Reference,Description',
        `2026-11-21 14:00:00,Credit,500.00,1250.50,PhonePe payment,payment id: ${FIRST[0]?.reference.payment_id},PhonePe payment`,
        '2026-11-21 00:15:10,Debit,249.50,750.50,Broker plan,plan: Monthly,Broker plan',
        '2026-10-23 09:30:00,Credit,1000.50,1000.50,Bank transfer,utr: HDFCN5202611210001,Bank transfer',
        '',
      ].join('\r\n'),
    );
  });
});
