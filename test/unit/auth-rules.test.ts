import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { COMMON_PASSWORDS, isCommonPassword } from '../../shared/domain/common-passwords';
import { OTP_TTL_MINUTES } from '../../shared/domain/otp';
import { referrerDisplayName } from '../../functions/auth/referrer';
import { issueSessionToken, revocationCutoff } from '../../functions/auth/session-token';
import { generateReferralCode, normaliseReferralCode, REFERRAL_CODE_ALPHABET } from '../../functions/data/referrals-repository';
import { resetSigningKey } from '../../functions/platform/auth/signing-key';
import { ConfigError, readConfig, resetConfigForTests } from '../../functions/platform/config';
import { maskAddress } from '../../functions/platform/mail/mail-message';
import { generateOtpCode } from '../../functions/otp/otp-code';
import { otpMail } from '../../functions/otp/otp-mail';
import { currentWindow } from '../../functions/limits/fixed-window';

const BASE_ENV = { [ENV.tableName]: 'unit', [ENV.jwtSecret]: 'unit-test-signing-secret-0123456789abcdefghij' };

beforeAll(() => {
  Object.assign(process.env, BASE_ENV);
  resetConfigForTests();
  resetSigningKey();
});

describe('common passwords', () => {
  it('holds 1,000 distinct lower-case entries without spaces, led by the best-known ones', () => {
    expect(COMMON_PASSWORDS.size).toBe(1000);
    for (const entry of COMMON_PASSWORDS) expect(entry).toMatch(/^[^\sA-Z]+$/);
    for (const known of ['123456', 'password', 'qwerty', 'iloveyou', 'password1', 'qwerty123']) expect(COMMON_PASSWORDS.has(known)).toBe(true);
  });

  it('matches whatever the letter case, and lets an uncommon password through', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('Sunshine1')).toBe(true);
    expect(isCommonPassword('Nifty-Straddle-0925')).toBe(false);
  });
});

describe('referral codes', () => {
  it('are 8 characters from an alphabet without look-alikes', () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[ILO01]/);
    const codes = Array.from({ length: 500 }, generateReferralCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('compare trimmed and upper-case', () => {
    expect(normaliseReferralCode('  ab2cd3ef ')).toBe('AB2CD3EF');
  });

  it("show the referrer as first name and last initial", () => {
    expect(referrerDisplayName({ first_name: 'Asha', last_name: 'kulkarni' })).toBe('Asha K.');
    expect(referrerDisplayName({ first_name: ' Ravi ', last_name: '' })).toBe('Ravi');
  });
});

describe('fixed windows', () => {
  const rule = { scope: 'login-ip', limit: 5, windowMinutes: 15 };

  it('start on the quarter hour and tell how long is left', () => {
    const window = currentWindow(rule, '203.0.113.7', new Date('2025-01-06T09:22:30Z'));
    expect(window.windowStart).toBe(Date.parse('2025-01-06T09:15:00Z') / 1000);
    expect(window.secondsLeft).toBe(450);
    expect(window.expiresAt).toBeGreaterThan(window.windowStart + 900);
  });

  it('begin a new window exactly at the boundary', () => {
    const before = currentWindow(rule, 'k', new Date('2025-01-06T09:29:59Z'));
    const after = currentWindow(rule, 'k', new Date('2025-01-06T09:30:00Z'));
    expect(after.windowStart).toBe(before.windowStart + 900);
    expect(before.secondsLeft).toBe(1);
    expect(after.secondsLeft).toBe(900);
  });
});

describe('token revocation with one-second iat', () => {
  const now = new Date('2025-01-06T09:22:30.400Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);

  it('cuts off at the next second, past any earlier cut-off', () => {
    expect(revocationCutoff({ tokens_valid_after: 0 }, now)).toBe(nowSeconds + 1);
    expect(revocationCutoff({ tokens_valid_after: nowSeconds + 3 }, now)).toBe(nowSeconds + 4);
  });

  it('dates a new token at the cut-off at the earliest, so it is not revoked itself', async () => {
    const cutoff = revocationCutoff({ tokens_valid_after: 0 }, now);
    const { claims } = await issueSessionToken({ user_id: 7, frch_id: 1, tokens_valid_after: cutoff }, now);
    expect(claims.iat).toBe(cutoff);
    const plain = await issueSessionToken({ user_id: 7, frch_id: 1, tokens_valid_after: 0 }, now);
    expect(plain.claims.iat).toBe(nowSeconds);
  });
});

describe('one-time codes and their mails', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i += 1) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('carry the code in the text only', () => {
    const mail = otpMail('change-email', 'new@example.com', '042137');
    expect(mail.to).toBe('new@example.com');
    expect(mail.subject).not.toContain('042137');
    expect(mail.text).toContain('042137');
    expect(mail.text).toContain(`${OTP_TTL_MINUTES} minutes`);
  });

  it('mask the recipient for log lines', () => {
    expect(maskAddress('trader@example.com')).toBe('t***@example.com');
    expect(maskAddress('broken')).toBe('***');
  });
});

describe('auth settings in the configuration', () => {
  it('default to no captcha, Google siteverify, SES in the stack region and no outbox', () => {
    const config = readConfig({ ...BASE_ENV, [ENV.awsRegion]: 'ap-south-1', [ENV.captchaSecret]: '' });
    expect(config.captchaSecret).toBeUndefined();
    expect(config.captchaVerifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(config.mailOutboxDir).toBeUndefined();
    expect(config.sesRegion).toBe('ap-south-1');
    expect(config.mailFrom).toContain('@');
  });

  it('read the given values and refuse a verify URL that is not a URL', () => {
    const config = readConfig({ ...BASE_ENV, [ENV.captchaSecret]: 's3cret', [ENV.mailOutboxDir]: '/tmp/outbox', [ENV.sesRegion]: 'eu-west-1' });
    expect(config).toMatchObject({ captchaSecret: 's3cret', mailOutboxDir: '/tmp/outbox', sesRegion: 'eu-west-1' });
    expect(() => readConfig({ ...BASE_ENV, [ENV.captchaVerifyUrl]: 'not a url' })).toThrow(ConfigError);
  });
});
