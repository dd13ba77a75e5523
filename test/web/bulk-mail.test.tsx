import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkMailJobSummary, BulkMailRecipientOutcome } from '../../shared/contracts/bulk-mail';
import { BulkMailButton } from '../../web/src/features/subusers/bulk-mail/bulk-mail-button';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4/users/subusermanagement';
const PARENT = profileFixture({ user_id: 9, can_add_subuser: true });

const job = (overrides: Partial<BulkMailJobSummary> = {}): BulkMailJobSummary => ({
  job_id: 'job-0123456789',
  subject: 'Market holiday',
  status: 'sending',
  recipients: 2,
  sent: 1,
  failed: 0,
  pending: 1,
  created_at: '2026-11-21T08:35:09.000Z',
  started_at: '2026-11-21T08:35:10.000Z',
  finished_at: null,
  ...overrides,
});
const failedOutcome: BulkMailRecipientOutcome = { user_id: 7, email: 'ravi@example.com', status: 'failed', error: '550 Mailbox unavailable', updated_at: '2026-11-21T08:35:12.000Z' };

/** Signs in as a parent; the job's progress answers come from `progress` one after the other (the last one repeats). */
function signIn(progress: { job: BulkMailJobSummary; outcomes: BulkMailRecipientOutcome[] }[], recent: BulkMailJobSummary[] = []) {
  const sent: unknown[] = [];
  const asked: unknown[] = [];
  saveSession(validToken({ user_id: PARENT.user_id, frch_id: 3 }), PARENT);
  stubFetch({
    [`POST ${A}/getbulkmailjobs`]: () => jsonResponse(successBody({ jobs: recent })),
    [`POST ${A}/sendbulkmails`]: async (request) => {
      sent.push(await request.json());
      return jsonResponse(successBody({ job_id: 'job-0123456789', recipients: 2, status: 'queued' }, 'Mail queued'));
    },
    [`POST ${A}/getbulkmailjob`]: async (request) => {
      asked.push(await request.json());
      const answer = progress[Math.min(asked.length - 1, progress.length - 1)];
      return jsonResponse(successBody({ ...answer, next_cursor: null }));
    },
  });
  return { sent, asked };
}

function renderButton(selectedIds: number[], total: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <BulkMailButton selectedIds={selectedIds} total={total} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

async function openComposer(selectedIds: number[], total: number) {
  renderButton(selectedIds, total);
  fireEvent.click(screen.getByRole('button', { name: 'Send mail' }));
  return screen.findByRole('dialog');
}

describe('BulkMailButton', () => {
  afterEach(resetWebTestState);

  it('offers all sub-users or the selected ones and previews markdown safely', async () => {
    signIn([]);
    const dialog = await openComposer([5, 7], 12);
    const audience = within(dialog).getByLabelText('Send to') as HTMLSelectElement;
    expect(Array.from(audience.options).map((option) => option.text)).toEqual(['All sub-users (12)', 'Selected (2)']);
    expect(audience.value).toBe('selected');

    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'markdown' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'Hello **all**\n\n- [Notice](https://example.com/n)\n- [bad](javascript:alert(1)) <script>x</script>' },
    });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('all').tagName).toBe('STRONG');
    expect(within(preview).getByRole('link', { name: 'Notice' }).getAttribute('href')).toBe('https://example.com/n');
    expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('[bad](javascript:alert(1)) <script>x</script>');

    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'text' } });
    expect(within(preview).queryByRole('link')).toBeNull();
    expect(preview.textContent).toContain('Hello **all**');
  });

  it('sends to the selected sub-users, then shows the progress until done with the failed recipients', async () => {
    const { sent, asked } = signIn([
      { job: job(), outcomes: [] },
      { job: job({ status: 'done', sent: 1, failed: 1, pending: 0, finished_at: '2026-11-21T08:35:13.000Z' }), outcomes: [failedOutcome] },
    ]);
    const dialog = await openComposer([5, 7], 12);
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Market holiday' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Closed on Friday.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Sending: 1 of 2 handled')).toBeTruthy();
    expect(sent).toEqual([
      { subject: 'Market holiday', body: 'Closed on Friday.', format: 'text', recipients: { sub_user_ids: [5, 7] }, idempotency_key: expect.stringMatching(/^mail-[0-9a-f]{32}$/) },
    ]);
    expect((screen.getByLabelText('Handled so far') as HTMLProgressElement).value).toBe(1);

    expect(await screen.findByText('Done: 2 of 2 handled', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Sent 1 · Failed 1 · Pending 0')).toBeTruthy();
    const failures = screen.getByRole('table', { name: 'Failed recipients' });
    expect(within(failures).getByText('ravi@example.com')).toBeTruthy();
    expect(within(failures).getByText('550 Mailbox unavailable')).toBeTruthy();
    expect(asked[0]).toEqual({ job_id: 'job-0123456789', only_failed: true, limit: 200 });
    const polls = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(asked.length, 'no polling once done').toBe(polls);
  }, 12_000);

  it('sends to all sub-users when nothing is selected, and refuses an empty subject without calling the API', async () => {
    const { sent } = signIn([{ job: job({ status: 'queued', sent: 0, pending: 2, started_at: null }), outcomes: [] }]);
    const dialog = await openComposer([], 2);
    expect(Array.from((within(dialog).getByLabelText('Send to') as HTMLSelectElement).options).map((option) => option.text)).toEqual(['All sub-users (2)']);
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Write a subject.');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Queued: 0 of 2 handled')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ recipients: { all: true } })]);
  });

  it('lists recent mailings and opens one', async () => {
    signIn([{ job: job({ status: 'done', sent: 2, pending: 0 }), outcomes: [] }], [job({ status: 'done', sent: 2, pending: 0 })]);
    const dialog = await openComposer([], 2);
    const recent = within(dialog).getByRole('region', { name: 'Recent mailings' });
    expect(await within(recent).findByText(/Market holiday · sent 2, failed 0, pending 0/)).toBeTruthy();
    fireEvent.click(within(recent).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Done: 2 of 2 handled')).toBeTruthy();
  });
});
