import { DHAN_SESSION_LIFETIME_MS } from './dhan-config';

/** A Dhan session: the access token every call carries, the client id it belongs to, and when it dies. */
export interface DhanSession {
  readonly clientId: string;
  readonly accessToken: string;
  /** Epoch ms; calls after this are refused without calling (tokens live at most 24 h, §6.1). */
  readonly validUntil: number;
}

/** The long-lived secrets of the TOTP login (§6.1). Never logged. */
export interface DhanCredentials {
  readonly clientId: string;
  readonly pin: string;
  /** Base32 TOTP secret shown when TOTP is enabled for API login on web.dhan.co. */
  readonly totpSecret: string;
}

const IST_OFFSET_MS = 330 * 60_000;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const EXPLICIT_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/;

/** An `expiryTime` as an instant: with a zone as written, without one as IST wall-clock time. */
function expiryInstant(text: string): number | null {
  const trimmed = text.trim();
  if (EXPLICIT_ZONE.test(trimmed)) {
    const parsed = Date.parse(trimmed);
    return Number.isFinite(parsed) ? parsed : null;
  }
  const parts = WALL_CLOCK.exec(trimmed);
  if (!parts) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts.slice(1).map((part) => Number(part ?? 0));
  return Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
}

/**
 * When a token issued at `issuedAt` stops being used. Dhan's `expiryTime` carries no zone; IST is assumed
 * (had Dhan meant UTC, IST is the earlier reading, so a dead token is never used), and nothing past 24 h
 * is believed. A missing or unreadable expiry means the full 24 h.
 */
export function dhanSessionValidUntil(expiryTime: string | null | undefined, issuedAt: number): number {
  const latest = issuedAt + DHAN_SESSION_LIFETIME_MS;
  const stated = expiryTime ? expiryInstant(expiryTime) : null;
  return stated !== null && stated > issuedAt ? Math.min(stated, latest) : latest;
}
