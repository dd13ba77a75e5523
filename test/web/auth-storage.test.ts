import { afterEach, describe, expect, it } from 'vitest';
import {
  readValidToken,
  storeTokenFromQuery,
  TOKEN_STORAGE_KEY,
  USER_KEY_STORAGE_KEY,
} from '../../web/src/lib/auth-storage';
import { decodeTokenClaims } from '../../web/src/lib/token-claims';
import { resetWebTestState } from './support/render-app';
import { expiredToken, makeToken, validToken } from './support/tokens';

describe('auth storage', () => {
  afterEach(resetWebTestState);

  it('keeps and returns a valid stored token', () => {
    // Prepare
    const token = validToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    // Act
    const read = readValidToken();
    // Assess
    expect(read).toBe(token);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('removes an expired stored token and the user key', () => {
    // Prepare
    localStorage.setItem(TOKEN_STORAGE_KEY, expiredToken());
    localStorage.setItem(USER_KEY_STORAGE_KEY, 'AD_3_7');
    // Act
    const read = readValidToken();
    // Assess
    expect(read).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not JSON', 'a.bm90LWpzb24.c'],
    ['claims of the wrong shape', makeToken({ user_id: 'seven', exp: 1 })],
  ])('removes a stored token that is %s', (_label, token) => {
    // Prepare
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    // Act
    const read = readValidToken();
    // Assess
    expect(read).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('decodes base64url payloads, including non-ASCII text', () => {
    // Prepare
    const token = makeToken({ user_id: 7, frch_id: 3, exp: 2_000_000_000, iat: 1, jti: 'ज' });
    // Act
    const claims = decodeTokenClaims(token);
    // Assess
    expect(claims).toEqual({ user_id: 7, frch_id: 3, exp: 2_000_000_000 });
  });

  it('stores a valid ?token= with the user key AD_{frch}_{user}', () => {
    // Prepare
    const token = validToken({ user_id: 42, frch_id: 9 });
    // Act
    const stored = storeTokenFromQuery(`?token=${encodeURIComponent(token)}&x=1`);
    // Assess
    expect(stored).toBe(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBe('AD_9_42');
  });

  it.each([
    ['missing', '?other=1'],
    ['expired', `?token=${expiredToken()}`],
    ['garbage', '?token=garbage'],
  ])('ignores a ?token= that is %s', (_label, search) => {
    // Act
    const stored = storeTokenFromQuery(search);
    // Assess
    expect(stored).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
