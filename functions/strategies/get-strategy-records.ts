import { strategyRecordContracts } from '../../shared/contracts/strategy-records';
import { readStrategyRecords } from '../group-strategies/strategy-records';
import { defineRoute } from '../platform/http/route';

export const getStrategyRecordsRoute = defineRoute(strategyRecordContracts.getStrategyRecords, async ({ body, principal }) => ({
  data: await readStrategyRecords(principal, body.group_id, body),
  message: 'Strategy records fetched',
}));
