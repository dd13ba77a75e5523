import { bulkMailContracts } from '../../shared/contracts/bulk-mail';
import { defineRoute } from '../platform/http/route';
import { listBulkMailJobs } from '../sub-users/bulk-mail/bulk-mail-progress';

export const getBulkMailJobsRoute = defineRoute(bulkMailContracts.getBulkMailJobs, async ({ body, principal }) => ({
  data: await listBulkMailJobs(principal, body.limit),
  message: 'Mailings fetched',
}));
