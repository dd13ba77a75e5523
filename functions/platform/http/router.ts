import { pathSegments } from '../../../shared/contracts/define-call';
import type { RouteDefinition } from './route';

export type RouteMatch =
  | { readonly kind: 'route'; readonly route: RouteDefinition; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly segments: ReturnType<typeof pathSegments>;
}

function matchSegments(compiled: CompiledRoute, parts: readonly string[]): Record<string, string> | null {
  if (compiled.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of compiled.segments.entries()) {
    const part = parts[index] ?? '';
    if (segment.param) {
      if (!part) return null;
      params[segment.param] = decodeURIComponent(part);
    } else if (segment.literal !== part) {
      return null;
    }
  }
  return params;
}

/** Matches method + path against a group's routes; literal routes win over parameterised ones. */
export function createRouter(routes: readonly RouteDefinition[]) {
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.contract.method} ${route.contract.path}`;
    if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
    seen.add(key);
  }
  const compiled: CompiledRoute[] = routes
    .map((route) => ({ route, segments: pathSegments(route.contract.path) }))
    .sort((a, b) => a.segments.filter((s) => s.param).length - b.segments.filter((s) => s.param).length);

  return {
    match(method: string, path: string): RouteMatch {
      const parts = path.split('/').filter(Boolean);
      const allowed: string[] = [];
      for (const candidate of compiled) {
        const params = matchSegments(candidate, parts);
        if (!params) continue;
        if (candidate.route.contract.method === method) return { kind: 'route', route: candidate.route, params };
        allowed.push(candidate.route.contract.method);
      }
      return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
    },
  };
}
