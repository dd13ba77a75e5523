import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function successBody(data: unknown, result = 'OK') {
  return { status: true, data, result };
}

export function errorBody(message: string, code = 'BAD_REQUEST') {
  return { status: false, error: { message, code } };
}

type Route = (request: Request) => Response | Promise<Response>;

/**
 * Stubs the network (global fetch) with answers keyed by `METHOD /path`; every call is recorded.
 * An unexpected request fails the test instead of passing silently.
 */
export function stubFetch(routes: Record<string, Route>) {
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost:3000'), init);
    requests.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected request in test: ${key}`);
    return route(request);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, requests };
}

/** Replaces window.location with a copy whose assign() is a spy (jsdom's own cannot be spied on). */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
