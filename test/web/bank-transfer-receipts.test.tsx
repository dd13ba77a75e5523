import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankTransferContracts, type BankTransferView } from '../../shared/contracts/bank-transfers';
import { MAX_IMAGE_BYTES } from '../../shared/domain/otp';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { bankDetailsFixture, bankTransferFixture, ulid } from './wallet-fixtures';

vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
}));

const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const RECEIPT = { content_type: 'image/png' as const, uploaded_at: '2026-11-21T06:01:00.000Z' };
const IMAGE_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
const emptyPage = () => jsonResponse(successBody({ items: [], next_cursor: null }));
const imageFile = (type: string, bytes: number, name = 'receipt.png') => new File([new Uint8Array(bytes)], name, { type });

type Routes = Parameters<typeof stubFetch>[0];

/** The multipart body the page handed to fetch (jsdom's FormData is read as sent, not re-parsed). */
function sentForm(fetchStub: { mock: { calls: unknown[][] } }, path: string): FormData {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith(path));
  const init: unknown = call?.[1];
  const body = typeof init === 'object' && init !== null && 'body' in init ? init.body : null;
  if (!(body instanceof FormData)) throw new Error(`no multipart body was sent to ${path}`);
  return body;
}

function openWallet(transfers: BankTransferView[], extra: Routes = {}) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const stub = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profileFixture({ current_credit: 0 }))),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/payment/getpaymentoptions`]: () => jsonResponse(successBody({ methods: [{ payment_api: 'BANK', enabled: true, min_amount: 100, max_amount: 50_000 }] })),
    [`GET ${A}/users/brokerpanelconfigs/getbankdetails`]: () => jsonResponse(successBody(bankDetailsFixture())),
    [`POST ${A}/payment/getpayments`]: emptyPage,
    [`POST ${A}/payment/getbanktransfers`]: () => jsonResponse(successBody({ items: transfers, next_cursor: null })),
    [`POST ${A}/users/getuserledger`]: emptyPage,
    ...extra,
  });
  renderApp('/wallet');
  return stub;
}

async function claimForm(): Promise<HTMLElement> {
  const choice = screen.queryByLabelText('Pay with');
  if (choice) fireEvent.change(choice, { target: { value: 'BANK' } });
  return screen.findByRole('form', { name: 'Claim a bank transfer' });
}

function fillClaim(form: HTMLElement): void {
  fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '1250.50' } });
  fireEvent.change(within(form).getByLabelText('UTR / reference number'), { target: { value: 'HDFCN52026112100001' } });
}

describe('bank transfer receipts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('refuses a non-image and an image over 2 MB in the browser, then sends the claim and its receipt', async () => {
    // Prepare
    const claimed = bankTransferFixture({ transfer_id: ulid('TRF5') });
    const calls: string[] = [];
    const { fetchStub } = openWallet([], {
      [`POST ${A}/payment/submitbanktransfer`]: async (request) => {
        calls.push(`submit ${JSON.stringify(bankTransferContracts.submitBankTransfer.request.parse(await request.json()))}`);
        return jsonResponse(successBody(claimed));
      },
      [`POST ${A}/payment/uploadbanktransferreceipt`]: () => {
        calls.push('upload');
        return jsonResponse(successBody({ ...claimed, receipt: RECEIPT }));
      },
    });
    const form = await claimForm();
    const field = within(form).getByLabelText('Receipt (image)');
    expect(field.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    // Act: a PDF, then an oversized PNG, then a fitting one
    fireEvent.change(field, { target: { files: [imageFile('application/pdf', 10, 'receipt.pdf')] } });
    expect(await within(form).findByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();
    fireEvent.change(field, { target: { files: [imageFile('image/png', MAX_IMAGE_BYTES + 1)] } });
    expect(await within(form).findByText('The image must be at most 2 MB.')).toBeTruthy();
    fireEvent.change(field, { target: { files: [imageFile('image/png', 1_000)] } });
    expect(within(form).queryByRole('alert')).toBeNull();
    fillClaim(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    // Assess
    expect(await within(form).findByText(/sent for approval with its receipt/)).toBeTruthy();
    expect(calls).toEqual(['submit {"amount_paise":125050,"utr":"HDFCN52026112100001","note":""}', 'upload']);
    const sent = sentForm(fetchStub, '/payment/uploadbanktransferreceipt');
    expect(sent.get('transfer_id')).toBe(claimed.transfer_id);
    const file = sent.get('receipt');
    expect(file instanceof File ? { name: file.name, size: file.size, type: file.type } : file).toEqual({ name: 'receipt.png', size: 1_000, type: 'image/png' });
  });

  it('keeps the claim when its receipt is refused, and says where to attach it again', async () => {
    openWallet([], {
      [`POST ${A}/payment/submitbanktransfer`]: () => jsonResponse(successBody(bankTransferFixture())),
      [`POST ${A}/payment/uploadbanktransferreceipt`]: () => jsonResponse(errorBody('Only PNG, JPEG or WEBP images are allowed', 'VALIDATION_FAILED'), 400),
    });
    const form = await claimForm();
    fireEvent.change(within(form).getByLabelText('Receipt (image)'), { target: { files: [imageFile('image/png', 100)] } });
    fillClaim(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    expect(await within(form).findByText(/sent for approval\. Your balance grows/)).toBeTruthy();
    expect(within(form).getByText(/The receipt could not be attached: Only PNG, JPEG or WEBP images are allowed\. You can attach it under Your payments/)).toBeTruthy();
  });

  it('sends a claim without a receipt as before', async () => {
    const { requests } = openWallet([], { [`POST ${A}/payment/submitbanktransfer`]: () => jsonResponse(successBody(bankTransferFixture())) });
    const form = await claimForm();
    fillClaim(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    expect(await within(form).findByText(/sent for approval\. Your balance grows/)).toBeTruthy();
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain(`${A}/payment/uploadbanktransferreceipt`);
  });

  it("opens the user's own receipt from Your payments, and offers to attach one to a pending claim without", async () => {
    // Prepare
    const withReceipt = bankTransferFixture({ receipt: RECEIPT });
    const without = bankTransferFixture({ transfer_id: ulid('TRF2'), utr: 'SBIN0000000000000002' });
    const asked: unknown[] = [];
    const { fetchStub } = openWallet([withReceipt, without], {
      [`POST ${A}/payment/getbanktransferreceipt`]: async (request) => {
        asked.push(await request.json());
        return jsonResponse(successBody({ transfer_id: withReceipt.transfer_id, content_type: 'image/png', size_bytes: 11, image_base64: IMAGE_BASE64 }));
      },
      [`POST ${A}/payment/uploadbanktransferreceipt`]: () => jsonResponse(successBody({ ...without, receipt: RECEIPT })),
    });
    const table = await screen.findByRole('table', { name: /Your payments/ });
    // Act
    fireEvent.click(within(table).getByRole('button', { name: 'Receipt for UTR HDFCN52026112100001' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Receipt for UTR HDFCN52026112100001' });
    const image = await within(dialog).findByRole('img', { name: 'Receipt for UTR HDFCN52026112100001' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${IMAGE_BASE64}`);
    expect(asked).toEqual([{ transfer_id: withReceipt.transfer_id }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Only the pending claim without a receipt offers to attach one.
    expect(within(table).getAllByRole('button', { name: 'Attach receipt' })).toHaveLength(1);
    const picked = imageFile('image/jpeg', 500, 'later.jpg');
    fireEvent.change(screen.getByLabelText('Receipt image for UTR SBIN0000000000000002'), { target: { files: [picked] } });
    await waitFor(() => expect(sentForm(fetchStub, '/payment/uploadbanktransferreceipt').get('transfer_id')).toBe(without.transfer_id));
    expect(await screen.findByText('Receipt attached.')).toBeTruthy();
  });

  it('lets the broker panel open the receipt of a claim on /transaction', async () => {
    // Prepare
    const withReceipt = bankTransferFixture({ receipt: RECEIPT });
    const without = bankTransferFixture({ transfer_id: ulid('TRF2'), user_id: 8, utr: 'SBIN0000000000000002' });
    const asked: unknown[] = [];
    const panel = profileFixture({ user_id: 2, is_brokerpanel: true });
    saveSession(validToken({ user_id: 2, frch_id: 3 }), panel);
    stubFetch({
      [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(panel)),
      [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
      [`POST ${A}/payment/getfranchisebanktransfers`]: () => jsonResponse(successBody({ items: [withReceipt, without], next_cursor: null })),
      [`POST ${A}/payment/getpaymentalerts`]: emptyPage,
      [`POST ${A}/payment/getfranchisebanktransferreceipt`]: async (request) => {
        asked.push(await request.json());
        return jsonResponse(successBody({ transfer_id: withReceipt.transfer_id, content_type: 'image/png', size_bytes: 11, image_base64: IMAGE_BASE64 }));
      },
    });
    renderApp('/transaction');
    // Act
    const row = await screen.findByRole('row', { name: /UTR HDFCN52026112100001/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Receipt for UTR HDFCN52026112100001' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Receipt for UTR HDFCN52026112100001' });
    expect((await within(dialog).findByRole('img')).getAttribute('src')).toBe(`data:image/png;base64,${IMAGE_BASE64}`);
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('receipt-HDFCN52026112100001.png');
    expect(asked).toEqual([{ transfer_id: withReceipt.transfer_id }]);
    const other = screen.getByRole('row', { name: /UTR SBIN0000000000000002/ });
    expect(within(other).queryByRole('button', { name: /Receipt/ })).toBeNull();
    expect(within(other).getByText('None')).toBeTruthy();
  });
});
