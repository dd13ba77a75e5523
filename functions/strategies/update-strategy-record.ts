import { strategyRecordContracts } from '../../shared/contracts/strategy-records';
import { changeStrategyRecord } from '../group-strategies/strategy-records';
import { defineRoute } from '../platform/http/route';

export const updateStrategyRecordRoute = defineRoute(strategyRecordContracts.updateStrategyRecord, async ({ body, principal }) => ({
  data: await changeStrategyRecord(principal, body),
  message: 'Strategy record updated',
}));
