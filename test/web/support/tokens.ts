/** Builds an unsigned JWT-shaped token; the SPA only decodes the payload (the server verifies signatures). */
export function makeToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function validToken(owner: { user_id: number; frch_id: number } = { user_id: 7, frch_id: 3 }): string {
  return makeToken({ ...owner, iat: nowSeconds(), exp: nowSeconds() + 3600, jti: 'jti-valid' });
}

export function expiredToken(): string {
  return makeToken({ user_id: 7, frch_id: 3, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600, jti: 'jti-old' });
}
