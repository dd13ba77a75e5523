import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer, readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { createSesMailer } from '../../functions/platform/mail/ses-mailer';

const mail = { to: 'trader@example.com', subject: 'Your TradeBridge password reset code', text: 'Your code is 123456.' };

describe('outbox mailer (local)', () => {
  it('writes each mail as <iso>-<random>.json with to, subject, text and sentAt', async () => {
    // Prepare
    const dir = join(mkdtempSync(join(tmpdir(), 'tb-mail-unit-')), 'outbox');
    const mailer = createOutboxMailer(dir);
    // Act
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'second@example.com' });
    // Assess
    const names = readdirSync(dir);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.json$/);
    const first = JSON.parse(readFileSync(join(dir, names.sort()[0] ?? ''), 'utf8'));
    expect(Object.keys(first).sort()).toEqual(['sentAt', 'subject', 'text', 'to']);
    expect((await readOutbox(dir)).map((m) => m.to)).toEqual(expect.arrayContaining(['trader@example.com', 'second@example.com']));
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(join(tmpdir(), 'tb-no-such-outbox-dir'))).toEqual([]);
  });
});

describe('SES mailer (AWS)', () => {
  const ses = mockClient(SESv2Client);
  afterEach(() => ses.reset());

  it('sends one plain-text SendEmail from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await createSesMailer({ region: 'ap-south-1', from: 'TradeBridge <no-reply@example.com>' }).send(mail);
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      FromEmailAddress: 'TradeBridge <no-reply@example.com>',
      Destination: { ToAddresses: ['trader@example.com'] },
      Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
    });
  });

  it('lets a refusal surface to the caller', async () => {
    ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    await expect(createSesMailer({ region: 'ap-south-1', from: 'a@example.com' }).send(mail)).rejects.toThrow('MessageRejected');
  });
});
