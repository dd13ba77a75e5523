import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';
import type { AlertService } from './alert-service';
import { nextWarningAt, sessionWarningsDue } from './session-warnings';

/** Sessions change only at a login: the accounts are read again at an easy pace while alerts are on. */
const ACCOUNTS_REFRESH_MS = 10 * 60_000;
/** Timers longer than this are set again later (browsers clamp very long ones). */
const LONGEST_WAIT_MS = 60 * 60_000;

/** While alerts are on, warns once per session a few minutes before a real broker's session ends. */
export function useSessionWarnings(enabled: boolean, service: AlertService): void {
  const accounts = useQuery({
    queryKey: dematKeys.accounts(),
    queryFn: () => callApi(brokerContracts.getBrokers, {}),
    enabled,
    refetchInterval: enabled ? ACCOUNTS_REFRESH_MS : false,
  });
  const warned = useRef(new Set<string>());
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const list = accounts.data;
    if (!enabled || !list) return undefined;
    const now = Date.now();
    for (const { key, alert } of sessionWarningsDue(list, now, warned.current)) {
      warned.current.add(key);
      service.handle(alert);
    }
    const next = nextWarningAt(list, now);
    if (next === null) return undefined;
    const timer = setTimeout(() => setTick((count) => count + 1), Math.min(next - now, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [enabled, accounts.data, service, tick]);
}
