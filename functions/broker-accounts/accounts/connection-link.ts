import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { WEB_BASE_PATH } from '../../../shared/domain/constants';
import { signingKey } from '../../platform/auth/signing-key';
import { now as clockNow } from '../../platform/clock';
import { BadRequestError, BusinessRuleError } from '../../platform/errors';

/** A link that opens the connect-broker screen for one user, for 15 minutes. */
export const CONNECTION_LINK_LIFETIME_MS = 15 * 60_000;

export interface LinkOwner {
  readonly frchId: number;
  readonly userId: number;
}

/** Its own key, derived from the platform signing secret, so a link can never pass for a login token. */
async function linkKey(): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signingKey(), 'tradebridge', 'broker-connection-link-v1', 32));
}

async function macOf(payload: string): Promise<Buffer> {
  return createHmac('sha256', await linkKey()).update(payload).digest();
}

export interface ConnectionLink {
  readonly link: string;
  readonly token: string;
  readonly expiresAt: Date;
}

/** `<base64url(frch.user.expiry)>.<base64url(HMAC-SHA256)>`, pointing at `/platform/demat?connect=<token>`. */
export async function createConnectionLink(owner: LinkOwner, now = clockNow()): Promise<ConnectionLink> {
  const expiresAt = new Date(now.getTime() + CONNECTION_LINK_LIFETIME_MS);
  const payload = `${owner.frchId}.${owner.userId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  const token = `${Buffer.from(payload).toString('base64url')}.${(await macOf(payload)).toString('base64url')}`;
  return { link: `${WEB_BASE_PATH}demat?connect=${encodeURIComponent(token)}`, token, expiresAt };
}

export const INVALID_LINK_MESSAGE = 'This connection link is not valid.';
export const EXPIRED_LINK_MESSAGE = 'This connection link has expired. Ask for a new one.';

/** Checks the signature first, then the expiry; answers whose link it is. */
export async function verifyConnectionLink(token: string, now = clockNow()): Promise<LinkOwner & { readonly expiresAt: Date }> {
  const [encodedPayload = '', encodedMac = '', ...rest] = token.split('.');
  const payload = Buffer.from(encodedPayload, 'base64url').toString('utf8');
  const match = /^(\d{1,9})\.(\d{1,12})\.(\d{1,12})$/.exec(payload);
  if (rest.length > 0 || !match) throw new BadRequestError(INVALID_LINK_MESSAGE);
  const expected = await macOf(payload);
  const given = Buffer.from(encodedMac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadRequestError(INVALID_LINK_MESSAGE);
  const expiresAt = new Date(Number(match[3]) * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw new BusinessRuleError(EXPIRED_LINK_MESSAGE);
  return { frchId: Number(match[1]), userId: Number(match[2]), expiresAt };
}
