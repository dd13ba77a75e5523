import { Flex, Heading, TextAreaField, TextField, View } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { BULK_MAIL_BODY_MAX, BULK_MAIL_SUBJECT_MAX, sendBulkMailsRequestSchema, type BulkMailFormat } from '@shared/contracts/bulk-mail';
import { ChoiceField } from '@/components/choice-field';
import { DialogActions } from '@/components/dialog-actions';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { MarkdownPreview } from './markdown-preview';
import { useSendBulkMail } from './use-bulk-mail';

type Audience = 'all' | 'selected';

interface BulkMailComposerProps {
  selectedIds: number[];
  total: number;
  onQueued: (jobId: string) => void;
  onCancel: () => void;
}

const FORMAT_CHOICES = [
  { value: 'text', label: 'Plain text' },
  { value: 'markdown', label: 'Markdown (bold, italic, links, lists)' },
] as const;

/** Subject, message, format with a live preview, and who gets it. */
export function BulkMailComposer({ selectedIds, total, onQueued, onCancel }: BulkMailComposerProps) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [format, setFormat] = useState<BulkMailFormat>('text');
  const [audience, setAudience] = useState<Audience>(selectedIds.length > 0 ? 'selected' : 'all');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per composed mail: a double click or a retry after a lost answer queues it once.
  const [idempotencyKey] = useState(() => newIdempotencyKey('mail'));
  const send = useSendBulkMail();

  const audienceChoices = [
    { value: 'all' as const, label: `All sub-users (${total})` },
    ...(selectedIds.length > 0 ? [{ value: 'selected' as const, label: `Selected (${selectedIds.length})` }] : []),
  ];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = sendBulkMailsRequestSchema.safeParse({
      subject,
      body,
      format,
      recipients: audience === 'all' ? { all: true } : { sub_user_ids: selectedIds },
      idempotency_key: idempotencyKey,
    });
    if (!request.success) {
      setProblem(request.error.issues[0]?.message ?? 'Check the mail.');
      return;
    }
    setProblem(null);
    send.mutate(request.data, { onSuccess: (answer) => onQueued(answer.job_id) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="medium">
        <ChoiceField label="Send to" name="audience" value={audience} choices={audienceChoices} onChange={setAudience} isDisabled={send.isPending} />
        <TextField label="Subject" name="subject" value={subject} maxLength={BULK_MAIL_SUBJECT_MAX} onChange={(event) => setSubject(event.target.value)} isDisabled={send.isPending} />
        <ChoiceField label="Format" name="format" value={format} choices={FORMAT_CHOICES} onChange={setFormat} isDisabled={send.isPending} />
        <TextAreaField label="Message" name="body" rows={8} value={body} maxLength={BULK_MAIL_BODY_MAX} onChange={(event) => setBody(event.target.value)} isDisabled={send.isPending} />
        <View as="section" aria-label="Preview" padding="small" border="1px solid var(--amplify-colors-border-primary)" borderRadius="small">
          <Heading level={6}>Preview</Heading>
          <MarkdownPreview source={body} format={format} />
        </View>
        <DialogActions error={problem ?? send.error} onCancel={onCancel} submitLabel="Send" pendingLabel="Queuing…" isPending={send.isPending} wrap />
      </Flex>
    </form>
  );
}
