import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { REFRESH_FAILURE_MESSAGE, REFRESH_SUCCESS_MESSAGE } from '../../demat/refresh-messages';

/** Reads data again on request and ends on spec §8's refresh toasts; `isRefreshing` locks the button meanwhile. */
export function useRefreshWithToast(refetch: () => Promise<{ isError: boolean }>) {
  const toast = useToast();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const result = await refetch();
      if (result.isError) toast.error(REFRESH_FAILURE_MESSAGE);
      else toast.success(REFRESH_SUCCESS_MESSAGE);
    } catch {
      toast.error(REFRESH_FAILURE_MESSAGE);
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, isRefreshing };
}
