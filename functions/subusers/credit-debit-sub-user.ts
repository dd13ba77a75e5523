import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { defineRoute } from '../platform/http/route';
import { creditDebitSubUser } from '../sub-users/credit-debit-sub-user';

export const creditDebitSubUserRoute = defineRoute(subUserViewContracts.creditDebitSubUser, async ({ body, principal, scope }) => {
  const answer = await creditDebitSubUser(principal, body, scope.log);
  return { data: answer, message: answer.replayed ? 'This transfer was already made' : body.type === 'credit' ? 'Credit added' : 'Credit taken back' };
});
