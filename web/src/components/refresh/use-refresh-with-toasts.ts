import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useToast } from '../toast/use-toast';
import { REFRESH_FAILURE_MESSAGE, REFRESH_SUCCESS_MESSAGE } from './refresh-messages';

/** The toasts a refresh ends with; the JSON bridge screens use their own words (spec §8). */
export interface RefreshMessages {
  success: string;
  failure: string;
  /** When no answer came at all (network failure), where the words differ; defaults to `failure`. */
  error?: string;
}

const isUnanswered = (error: unknown) => error instanceof ApiError && error.httpStatus === null && error.code === 'NETWORK_ERROR';

export const DATA_REFRESH_MESSAGES: RefreshMessages = { success: REFRESH_SUCCESS_MESSAGE, failure: REFRESH_FAILURE_MESSAGE };

/**
 * A refresh button's action: read again, then say how it went. `refetch` answers whether the read
 * succeeded (TanStack Query's refetch never throws; it reports the error on its result); a result that
 * carries no error reads as a plain failure.
 */
export function useRefreshWithToasts(refetch: () => Promise<{ isError: boolean; error?: unknown }>, messages: RefreshMessages = DATA_REFRESH_MESSAGES) {
  const toast = useToast();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const result = await refetch();
      if (result.isError) toast.error(isUnanswered(result.error) ? (messages.error ?? messages.failure) : messages.failure);
      else toast.success(messages.success);
    } catch {
      toast.error(messages.error ?? messages.failure);
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh: () => void refresh(), isRefreshing };
}
