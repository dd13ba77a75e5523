import * as z from 'zod';

/** Broker numbers arrive as numbers or numeric strings (Angel sends "0", "" or "571.80"); "" reads as 0. */
const numericText = z
  .string()
  .trim()
  .refine((text) => text === '' || Number.isFinite(Number(text)), 'not a number')
  .transform((text) => (text === '' ? 0 : Number(text)));
export const brokerNumber = z.union([z.number(), numericText]);

/** Ids may come back as numbers from some endpoints; the platform keeps them as text. */
export const brokerId = z.union([z.string().min(1), z.number()]).transform(String);

/** Parses a JSON body; undefined when the text is not JSON (e.g. a plain-text rate-limit page). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Seconds from a numeric `Retry-After` header (brokers rarely send one), else the given default. */
export function retryAfterSeconds(value: string | string[] | undefined, fallback = 1): number {
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : fallback;
}
