import { Button } from '@aws-amplify/ui-react';
import { useRefreshWithToast } from '../hooks/use-refresh-with-toast';

/** "Refresh": reads the screen's data again and says how it went (spec §8 toasts). */
export function RefreshButton({ refetch, label = 'Refresh' }: { refetch: () => Promise<{ isError: boolean }>; label?: string }) {
  const { refresh, isRefreshing } = useRefreshWithToast(refetch);
  return (
    <Button size="small" onClick={() => void refresh()} isLoading={isRefreshing} loadingText="Refreshing…">
      {label}
    </Button>
  );
}
