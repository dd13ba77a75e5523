import { SIGNAL_LOG_STATUSES, type SignalView } from '@shared/contracts/signals';
import { SIGNAL_LOG_PARAMS } from '@/entities/signals/signal-log-link';

export type SignalStatus = SignalView['status'];

/** What the log is narrowed to; '' for all. Kept in the page's search parameters, so a link can open it filtered. */
export interface SignalFilters {
  bridgeId: string;
  status: SignalStatus | '';
}

const isStatus = (value: string | null): value is SignalStatus => SIGNAL_LOG_STATUSES.some((status) => status === value);

export function filtersOf(search: URLSearchParams): SignalFilters {
  const status = search.get('status');
  return { bridgeId: search.get(SIGNAL_LOG_PARAMS.bridge) ?? '', status: isStatus(status) ? status : '' };
}

/** The request's filter fields: only the ones set. */
export function requestFiltersOf(filters: SignalFilters): { bridge_id?: string; status?: SignalStatus } {
  return { ...(filters.bridgeId ? { bridge_id: filters.bridgeId } : {}), ...(filters.status ? { status: filters.status } : {}) };
}
