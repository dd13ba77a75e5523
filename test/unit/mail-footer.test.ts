import { describe, expect, it } from 'vitest';
import { mailConfigGroup } from '../../shared/contracts/config-groups/mail-config';
import { mailFooter, withFooter } from '../../functions/mail/mail-footer';

const ORG = { organisation_name: 'Konkan Capital Pvt Ltd', support_email: 'care@konkan.example', support_phone: '+91 22 5555 0101', website: 'https://konkan.example' };

describe('mailFooter', () => {
  it('names the organisation, its support email and phone, and its website', () => {
    expect(mailFooter(ORG)).toBe('-- \nKonkan Capital Pvt Ltd\nSupport: care@konkan.example · +91 22 5555 0101\nhttps://konkan.example');
  });

  it('leaves out what is not set, and is empty without an ORG_CONFIG', () => {
    expect(mailFooter({ ...ORG, support_email: '', website: '' })).toBe('-- \nKonkan Capital Pvt Ltd\nSupport: +91 22 5555 0101');
    expect(mailFooter({ ...ORG, support_email: '', support_phone: '', website: '' })).toBe('-- \nKonkan Capital Pvt Ltd');
    expect(mailFooter(null)).toBe('');
  });

  it('goes after the text and a blank line; no footer leaves the text as it is', () => {
    expect(withFooter('Your code is 123456.\n', '-- \nKonkan')).toBe('Your code is 123456.\n\n-- \nKonkan\n');
    expect(withFooter('Your code is 123456.', '')).toBe('Your code is 123456.');
  });
});

describe('MAIL_CONFIG fields', () => {
  const valid = { enabled: true, host: 'smtp.konkan.example', port: 587, security: 'STARTTLS', user: 'u', password: 'p', from_name: 'Konkan', from_address: 'no-reply@konkan.example' };
  const pathsOf = (overrides: Record<string, unknown>) => mailConfigGroup.fields.safeParse({ ...valid, ...overrides }).error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('takes host names and IP addresses, and refuses what cannot be a mail server', () => {
    for (const host of ['smtp.konkan.example', 'mail-1.example.co.in', '10.0.0.25', '2001:db8::25', 'localhost']) expect(pathsOf({ host }), host).toEqual([]);
    for (const host of ['bad host', 'smtp..example', '-smtp.example', 'smtp.example/', '169.254.169.254', '0.0.0.0', '224.0.0.1', 'fe80::1', '::ffff:169.254.169.254', 'a:', '']) expect(pathsOf({ host }), host).toContain('host');
  });

  it('allows plain SMTP (security NONE) only for a server on this machine', () => {
    for (const host of ['127.0.0.1', '127.8.0.1', 'localhost', 'mail.localhost', '::1']) expect(pathsOf({ host, security: 'NONE' }), host).toEqual([]);
    for (const host of ['smtp.konkan.example', '10.0.0.25', '128.0.0.1']) expect(pathsOf({ host, security: 'NONE' }), host).toEqual(['security']);
  });

  it('refuses ports outside 1–65535, header line breaks and malformed addresses', () => {
    expect(pathsOf({ port: 0 })).toEqual(['port']);
    expect(pathsOf({ port: 65536 })).toEqual(['port']);
    expect(pathsOf({ port: 25.5 })).toEqual(['port']);
    expect(pathsOf({ from_name: 'A\nBcc: x@example.com' })).toEqual(['from_name']);
    expect(pathsOf({ from_name: '' })).toEqual(['from_name']);
    expect(pathsOf({ from_address: 'nobody' })).toEqual(['from_address']);
    expect(pathsOf({ reply_to: 'nobody@' })).toEqual(['reply_to']);
    expect(pathsOf({ reply_to: '' })).toEqual([]);
  });
});
