import { Button } from '@aws-amplify/ui-react';
import { useRefreshWithToasts } from './use-refresh-with-toasts';

/** "Refresh": reads the screen's data again and says how it went (spec §8 toasts). */
export function RefreshButton({ refetch, label = 'Refresh' }: { refetch: () => Promise<{ isError: boolean }>; label?: string }) {
  const { refresh, isRefreshing } = useRefreshWithToasts(refetch);
  return (
    <Button size="small" onClick={refresh} isLoading={isRefreshing} loadingText="Refreshing…">
      {label}
    </Button>
  );
}
