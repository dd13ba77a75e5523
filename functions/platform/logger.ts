import { now } from './clock';

/**
 * Structured JSON logger. Values under keys that look secret are replaced before anything is written,
 * at any depth, so a careless `log.info('x', { body })` cannot leak a password or a token.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|otp|api[_-]?key|webhook[_-]?key|private|credential|pin|totp|signature/i;
export const REDACTED = '[redacted]';

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redact(inner, depth + 1);
  }
  return out;
}

export type LogSink = (line: string) => void;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

let sink: LogSink = (line) => process.stdout.write(`${line}\n`);

/** Lets the local runtime and tests route log lines elsewhere (or drop them). */
export function setLogSink(next: LogSink): void {
  sink = next;
}

export function createLogger(context: Record<string, unknown> = {}, minLevel: Level = 'info'): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[minLevel]) return;
    const entry = { level, time: now().toISOString(), message, ...context, ...(fields ? (redact(fields) as object) : {}) };
    sink(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (extra) => createLogger({ ...context, ...(redact(extra) as object) }, minLevel),
  };
}
