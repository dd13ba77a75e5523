import { strategyRecordContracts } from '../../shared/contracts/strategy-records';
import { addStrategyRecord } from '../group-strategies/strategy-records';
import { defineRoute } from '../platform/http/route';

export const addStrategyRecordRoute = defineRoute(strategyRecordContracts.addStrategyRecord, async ({ body, principal }) => ({
  data: await addStrategyRecord(principal, body),
  message: 'Strategy record added',
}));
