import { Alert, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format/date-time';
import { useBulkMailJob } from './use-bulk-mail';

const STATUS_WORDS = { queued: 'Queued', sending: 'Sending', done: 'Done' } as const;

/** A mailing's progress, asked again every 2 s until done, with the failed recipients and why. */
export function BulkMailProgress({ jobId }: { jobId: string }) {
  const progress = useBulkMailJob(jobId);
  if (progress.isPending) return <LoadingState label="Loading the progress…" />;
  if (progress.isError) return <ErrorState message={errorText(progress.error)} onRetry={() => void progress.refetch()} />;
  const { job, outcomes } = progress.data;
  const finished = job.sent + job.failed;
  return (
    <Flex direction="column" gap="small">
      <Text fontWeight="bold">{job.subject}</Text>
      <Text>
        {STATUS_WORDS[job.status]}: {finished} of {job.recipients} handled
      </Text>
      <progress aria-label="Handled so far" max={Math.max(job.recipients, 1)} value={finished} style={{ width: '100%' }} />
      <Text>
        Sent {job.sent} · Failed {job.failed} · Pending {job.pending}
      </Text>
      {job.started_at ? <Text fontSize="small">Started {formatDateTime(job.started_at)}</Text> : null}
      {job.finished_at ? <Text fontSize="small">Finished {formatDateTime(job.finished_at)}</Text> : null}
      {outcomes.length > 0 ? (
        <>
          <Alert variation="warning">These recipients did not get the mail:</Alert>
          <Table size="small" aria-label="Failed recipients">
            <TableHead>
              <TableRow>
                <TableCell as="th">User</TableCell>
                <TableCell as="th">Email</TableCell>
                <TableCell as="th">Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outcomes.map((outcome) => (
                <TableRow key={outcome.user_id}>
                  <TableCell>{outcome.user_id}</TableCell>
                  <TableCell>{outcome.email}</TableCell>
                  <TableCell>{outcome.error ?? 'Unknown'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </Flex>
  );
}
