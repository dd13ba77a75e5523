import { configure } from '@testing-library/react';

/**
 * Screens load lazily (app/routing/lazy-screens.ts): on a busy two-core machine the first render of a
 * screen can take longer than testing-library's default 1 s wait, so the tests would fail on time, not
 * on behaviour. Waits give up after 5 s instead; a passing wait still returns as soon as it is met.
 */
configure({ asyncUtilTimeout: 5_000 });
