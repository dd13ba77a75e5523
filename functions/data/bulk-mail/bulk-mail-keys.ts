/**
 * Keys of bulk mailings (issue 19, `sendbulkmails`). A job and its recipients share one partition; the
 * recipients still to send are also in a sparse GSI2 partition (removed when a worker claims one), jobs with
 * work left are listed under one "open" partition for the worker, and the owner's jobs are GSI1 by time.
 */
const pad = (n: number, width = 10) => String(n).padStart(width, '0');

export const bulkMailKeys = {
  job: (jobId: string) => ({ PK: `BULKMAIL#${jobId}`, SK: 'JOB' }),
  /** GSI1 on the job: the owner's mailings, newest last by creation time. */
  ownerListing: (frchId: number, userId: number, createdAt: string, jobId: string) => ({
    GSI1PK: bulkMailKeys.ownerPartition(frchId, userId),
    GSI1SK: `BULKMAIL#${createdAt}#${jobId}`,
  }),
  ownerPartition: (frchId: number, userId: number) => `FR#${frchId}#U#${userId}#BULKMAILS`,
  recipient: (jobId: string, userId: number) => ({ PK: `BULKMAIL#${jobId}`, SK: `R#${pad(userId)}` }),
  recipientPrefix: 'R#',
  /** GSI2 on a recipient while it is pending (a sparse index: claimed ones leave it). */
  pendingListing: (jobId: string, userId: number) => ({ GSI2PK: bulkMailKeys.pendingPartition(jobId), GSI2SK: `R#${pad(userId)}` }),
  pendingPartition: (jobId: string) => `BULKMAIL#${jobId}#PENDING`,
  /** A job the workers still have to finish. */
  open: (jobId: string) => ({ PK: 'BULKMAIL#OPEN', SK: `JOB#${jobId}` }),
  openPartition: 'BULKMAIL#OPEN',
  /** Recipients a parent has queued on one Asia/Kolkata day (the daily cap). */
  dailyUsage: (frchId: number, userId: number, day: string) => ({ PK: `FR#${frchId}#U#${userId}#BULKMAILCAP`, SK: `DAY#${day}` }),
};
