import { afterEach, describe, expect, it } from 'vitest';
import { adoptQueryToken } from '../../web/src/app/boot/adopt-query-token';
import { TOKEN_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

describe('adoptQueryToken', () => {
  afterEach(() => {
    resetWebTestState();
    window.history.replaceState(null, '', '/');
  });

  it('stores a valid ?token= and opens /platform/dashboard', () => {
    // Prepare
    const token = validToken();
    window.history.replaceState(null, '', `/platform/login?token=${token}`);
    // Act
    adoptQueryToken();
    // Assess
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(window.location.pathname).toBe('/platform/dashboard');
    expect(window.location.search).toBe('');
  });

  it('leaves the URL alone when the token is not valid', () => {
    // Prepare
    window.history.replaceState(null, '', '/platform/login?token=garbage');
    // Act
    adoptQueryToken();
    // Assess
    expect(window.location.pathname).toBe('/platform/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
