import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format/date-time';
import { useBulkMailJobs } from './use-bulk-mail';

/** The caller's last mailings with their counts; each opens its progress view. */
export function RecentMailings({ onOpen }: { onOpen: (jobId: string) => void }) {
  const jobs = useBulkMailJobs(true);
  return (
    <Flex as="section" direction="column" gap="small" aria-label="Recent mailings">
      <Heading level={5}>Recent mailings</Heading>
      {jobs.isPending ? <LoadingState label="Loading recent mailings…" /> : null}
      {jobs.isError ? <ErrorState message={errorText(jobs.error)} onRetry={() => void jobs.refetch()} /> : null}
      {jobs.data && jobs.data.jobs.length === 0 ? <Text>No mailings yet.</Text> : null}
      {jobs.data?.jobs.map((job) => (
        <Flex key={job.job_id} justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Text>
            {formatDateTime(job.created_at)} · {job.subject} · sent {job.sent}, failed {job.failed}, pending {job.pending}
          </Text>
          <Button size="small" onClick={() => onOpen(job.job_id)}>
            View
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}
