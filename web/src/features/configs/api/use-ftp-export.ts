import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ftpContracts } from '@shared/contracts/ftp';
import { callApi } from '@/lib/api-client';
import { configsKeys } from './configs-keys';

const exportsKey = () => [...configsKeys.all, 'ftp-exports'] as const;

/** The franchise's file export runs, newest first (GET getftpexports). */
export function useFtpExports() {
  return useQuery({ queryKey: exportsKey(), queryFn: () => callApi(ftpContracts.getFtpExports, { limit: 30 }) });
}

/** "Test connection" (POST testftpconnection) with the saved settings: `connected`, or the server's own error text. */
export function useTestFtpConnection() {
  return useMutation({ mutationFn: () => callApi(ftpContracts.testFtpConnection, {}) });
}

/** "Send now" (POST sendftpexportnow) for one day (yyyy-MM-dd); the history is read again whatever the outcome. */
export function useSendFtpExportNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => callApi(ftpContracts.sendFtpExportNow, { day }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportsKey() }),
  });
}
