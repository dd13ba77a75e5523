import { act } from '@testing-library/react';
import { vi } from 'vitest';

const PHONE_WIDTH = 400;
const WIDE_WIDTH = 1280;

/** Whether a width query ("(max-width: 425px)", "(min-width: 30em)", joined by "and") holds at a window width. */
function holdsAt(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  return conditions.every(([, bound, size = '0', unit]) => {
    const pixels = Number(size) * (unit === 'px' ? 1 : 16);
    return bound === 'min' ? width >= pixels : width <= pixels;
  });
}

/**
 * A window whose width the test decides, 400 px (a phone) or 1280 px: `window.matchMedia` answers
 * width queries (the SPA's phone query, Amplify's breakpoints) for it, and `resize` changes it as a
 * turned or narrowed window would, telling each query's listeners. jsdom has no matchMedia of its own
 * (the SPA then lays out for a wide screen).
 */
export function stubScreen(initiallyPhone: boolean) {
  let width = initiallyPhone ? PHONE_WIDTH : WIDE_WIDTH;
  const listeners = new Map<(event: { matches: boolean; media: string }) => void, string>();
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    return {
      media: query,
      get matches() {
        return holdsAt(query, width);
      },
      addEventListener: (_type: 'change', listener: (event: { matches: boolean; media: string }) => void) => listeners.set(listener, query),
      removeEventListener: (_type: 'change', listener: (event: { matches: boolean; media: string }) => void) => listeners.delete(listener),
      addListener: (listener: (event: { matches: boolean; media: string }) => void) => listeners.set(listener, query),
      removeListener: (listener: (event: { matches: boolean; media: string }) => void) => listeners.delete(listener),
    };
  });
  return {
    queries,
    resize(toPhone: boolean) {
      width = toPhone ? PHONE_WIDTH : WIDE_WIDTH;
      act(() => listeners.forEach((query, listener) => listener({ matches: holdsAt(query, width), media: query })));
    },
  };
}
