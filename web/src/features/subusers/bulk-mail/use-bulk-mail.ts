import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkMailContracts, type SendBulkMailsRequest } from '@shared/contracts/bulk-mail';
import { callApi } from '@/lib/api-client';

/** How often a running mailing's progress is asked for. */
export const BULK_MAIL_POLL_MS = 2_000;

export const bulkMailKeys = {
  all: ['bulk-mail'] as const,
  jobs: () => [...bulkMailKeys.all, 'jobs'] as const,
  job: (jobId: string) => [...bulkMailKeys.all, 'job', jobId] as const,
};

/** Queues a mailing; the recent-mailings list is read again once it is queued. */
export function useSendBulkMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendBulkMailsRequest) => callApi(bulkMailContracts.sendBulkMails, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkMailKeys.jobs() }),
  });
}

/**
 * One mailing's progress and its failed recipients, asked again every 2 s until it is done; then the
 * recent-mailings list is read again so it shows the final counts.
 */
export function useBulkMailJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bulkMailKeys.job(jobId ?? ''),
    queryFn: async () => {
      const answer = await callApi(bulkMailContracts.getBulkMailJob, { job_id: jobId ?? '', only_failed: true, limit: 200 });
      if (answer.job.status === 'done') void queryClient.invalidateQueries({ queryKey: bulkMailKeys.jobs() });
      return answer;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.job.status === 'done' ? false : BULK_MAIL_POLL_MS),
  });
}

/** The caller's recent mailings, newest first. */
export function useBulkMailJobs(enabled: boolean) {
  return useQuery({
    queryKey: bulkMailKeys.jobs(),
    queryFn: () => callApi(bulkMailContracts.getBulkMailJobs, { limit: 10 }),
    enabled,
  });
}
