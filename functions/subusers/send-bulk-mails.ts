import { bulkMailContracts } from '../../shared/contracts/bulk-mail';
import { defineRoute } from '../platform/http/route';
import { queueBulkMail } from '../sub-users/bulk-mail/queue-bulk-mail';

export const sendBulkMailsRoute = defineRoute(bulkMailContracts.sendBulkMails, async ({ body, principal, scope }) => ({
  data: await queueBulkMail(principal, body, scope.log),
  message: 'Mail queued',
}));
