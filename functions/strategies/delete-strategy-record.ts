import { strategyRecordContracts } from '../../shared/contracts/strategy-records';
import { removeStrategyRecord } from '../group-strategies/strategy-records';
import { defineRoute } from '../platform/http/route';

export const deleteStrategyRecordRoute = defineRoute(strategyRecordContracts.deleteStrategyRecord, async ({ body, principal }) => ({
  data: await removeStrategyRecord(principal, body.group_id, body.record_id),
  message: 'Strategy record deleted',
}));
