/**
 * Which CONNECT targets the egress proxy opens. An entry is a host name on port 443 (`api.kite.trade`),
 * a suffix on port 443 (`*.upstox.com`), or a host with an explicit port or any port (`127.0.0.1:*`,
 * `[::1]:*`, `fake.local:8443`) — the last two for the one-machine runtime and tests only.
 */
export interface EgressTarget {
  /** Without brackets (`::1`, not `[::1]`), lower case. */
  readonly host: string;
  readonly port: number;
}

interface AllowEntry {
  readonly host: string;
  readonly suffix: boolean;
  /** null = any port. */
  readonly port: number | null;
}

const TLS_PORT = 443;

/** `host:port` or `[v6]:port` → its parts; null when it is not a valid target. */
export function splitHostPort(value: string): { readonly host: string; readonly port: string } | null {
  const bracketed = /^\[([0-9a-fA-F:.]+)\]:(.+)$/.exec(value);
  if (bracketed?.[1] && bracketed[2]) return { host: bracketed[1], port: bracketed[2] };
  const colon = value.lastIndexOf(':');
  if (colon <= 0 || value.indexOf(':') !== colon) return null;
  return { host: value.slice(0, colon), port: value.slice(colon + 1) };
}

/** The target of a CONNECT request line (`api.kite.trade:443`, `[::1]:8123`); null when malformed. */
export function parseConnectTarget(authority: string): EgressTarget | null {
  const parts = splitHostPort(authority);
  if (!parts || !/^\d{1,5}$/.test(parts.port)) return null;
  const port = Number(parts.port);
  if (port < 1 || port > 65_535 || parts.host === '') return null;
  return { host: parts.host.toLowerCase(), port };
}

function parseEntry(raw: string): AllowEntry {
  const entry = raw.trim().toLowerCase();
  const parts = entry.startsWith('[') || entry.split(':').length === 2 ? splitHostPort(entry) : null;
  const host = parts?.host ?? entry;
  const port = parts ? (parts.port === '*' ? null : Number(parts.port)) : TLS_PORT;
  if (host === '' || (port !== null && !(Number.isInteger(port) && port > 0 && port <= 65_535))) {
    throw new Error(`egress allow-list entry "${raw}" is not host, *.suffix, host:port or host:*`);
  }
  return host.startsWith('*.') ? { host: host.slice(1), suffix: true, port } : { host, suffix: false, port };
}

export interface EgressAllowList {
  allows(target: EgressTarget): boolean;
}

export function egressAllowList(entries: readonly string[]): EgressAllowList {
  const parsed = entries.filter((entry) => entry.trim() !== '').map(parseEntry);
  return {
    allows: (target) =>
      parsed.some(
        (entry) =>
          (entry.port === null || entry.port === target.port) &&
          (entry.suffix ? target.host.endsWith(entry.host) && target.host.length > entry.host.length : target.host === entry.host),
      ),
  };
}

/** A comma-separated list (EGRESS_ALLOWED_HOSTS) as entries. */
export function allowedHostsFromText(text: string | undefined): readonly string[] {
  return (text ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}
