import { bulkMailContracts } from '../../shared/contracts/bulk-mail';
import { defineRoute } from '../platform/http/route';
import { readBulkMailJob } from '../sub-users/bulk-mail/bulk-mail-progress';

export const getBulkMailJobRoute = defineRoute(bulkMailContracts.getBulkMailJob, async ({ body, principal }) => ({
  data: await readBulkMailJob(principal, body),
  message: 'Mailing fetched',
}));
