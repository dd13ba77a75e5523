import type { BulkMailFormat } from '../../../shared/contracts/bulk-mail';
import { renderPlainTextHtml, renderSimpleMarkdownHtml } from '../../../shared/domain/simple-markdown';
import type { MailMessage } from '../../platform/mail/mail-message';

/**
 * One recipient's copy of a bulk mail: addressed to that sub-user alone (no list of recipients is ever
 * visible), the text part as written and an HTML part rendered by the shared simple-markdown renderer
 * (the composer's preview uses the same one). The franchise's footer is added by the franchise mailer.
 */
export function bulkMailMessage(job: { subject: string; body: string; format: BulkMailFormat }, to: string): MailMessage {
  const html = job.format === 'markdown' ? renderSimpleMarkdownHtml(job.body) : renderPlainTextHtml(job.body);
  return {
    to,
    subject: job.subject,
    text: job.body,
    html: `<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`,
  };
}
