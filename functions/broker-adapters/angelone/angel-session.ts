/** What an Angel One login yields (§3.1); the JWT goes on every secure call, the refresh token renews it. */
export interface AngelSession {
  readonly apiKey: string;
  readonly clientCode: string;
  readonly jwtToken: string;
  readonly refreshToken: string;
  readonly feedToken: string | null;
  /** Epoch ms after which the JWT is renewed before use (24 h after login or refresh). */
  readonly validUntil: number;
}

/** The long-lived secrets a login needs. Never logged. */
export interface AngelCredentials {
  readonly apiKey: string;
  readonly clientCode: string;
  readonly pin: string;
  /** Base32 TOTP secret from Angel's "enable TOTP" page. */
  readonly totpSecret: string;
}

/** Angel requires the caller's addresses on every call (X-ClientLocalIP, X-ClientPublicIP, X-MACAddress). */
export interface AngelClientNetwork {
  readonly localIp: string;
  /** The static IP registered with Angel for this API key (orders from others fail with AG7002). */
  readonly publicIp: string;
  readonly macAddress: string;
}

/** Angel has sent the JWT with and without a "Bearer " prefix; keep the bare token. */
export function bareJwt(token: string): string {
  return token.replace(/^Bearer\s+/i, '');
}
