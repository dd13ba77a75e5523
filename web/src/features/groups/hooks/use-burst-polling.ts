import { useCallback, useState } from 'react';
import { BURST_LENGTH_MS, BURST_POLL_MS, CALM_POLL_MS } from '../order-polling';

/** A polling pace that quickens for a while when `quicken()` is called (after a group order is placed). */
export function useBurstPolling(): { interval: () => number; quicken: () => void } {
  const [burstUntil, setBurstUntil] = useState(0);
  const interval = useCallback(() => (Date.now() < burstUntil ? BURST_POLL_MS : CALM_POLL_MS), [burstUntil]);
  const quicken = useCallback(() => setBurstUntil(Date.now() + BURST_LENGTH_MS), []);
  return { interval, quicken };
}
