import { configure } from '@testing-library/react';

/**
 * Screens load lazily (app/routing/lazy-screens.ts): on a busy two-core machine the first render of a
 * screen can take longer than testing-library's default 1 s wait, so the tests would fail on time, not
 * on behaviour. Waits give up after 5 s instead; a passing wait still returns as soon as it is met.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * The signed-in layout keeps the realtime channel open. No web test reaches a real server: by default the
 * socket is one that never opens (so nothing retries either); a test that speaks on the channel stubs
 * `WebSocket` with its own fake (`vi.unstubAllGlobals` puts this one back).
 */
class UnreachableSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(): void {}
  close(): void {}
}
globalThis.WebSocket = UnreachableSocket as unknown as typeof WebSocket;
