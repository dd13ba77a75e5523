import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { setAccountNote } from '../broker-accounts/accounts/account-settings';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';

export const addBrokerNoteRoute = defineRoute(brokerContracts.addBrokerNote, async ({ body, principal }) => ({
  data: toBrokerAccount(await setAccountNote(principal, body.broker_id, body.note)),
  message: 'Note saved',
}));
