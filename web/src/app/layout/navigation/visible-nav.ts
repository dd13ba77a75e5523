import type { Gate, GateVerdict } from '@/app/access/access-gates';
import type { NavEntry } from './nav-table';

/** The entries to show: allowed ones only; a menu keeps its allowed items and goes when none is left. */
export function visibleNav(table: readonly NavEntry[], judge: (gate: Gate) => GateVerdict): NavEntry[] {
  const allowed = (gate: Gate) => judge(gate) === 'allowed';
  return table.flatMap((entry): NavEntry[] => {
    if (!allowed(entry.gate)) return [];
    if (entry.kind === 'link') return [entry];
    const items = entry.items.filter((item) => allowed(item.gate));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

/** Whether `pathname` is `prefix` or below it (`/group/strategy` is under `/group`, `/groups` is not). */
export function isPathUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether `pathname` is under any of a menu's prefixes. */
export const isPathUnderAny = (pathname: string, prefixes: readonly string[]): boolean => prefixes.some((prefix) => isPathUnder(pathname, prefix));
