import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { loadLiveAccount } from '../broker-accounts/accounts/owned-account';
import { refundNote, refundOf } from '../broker-accounts/subscriptions/subscription-terms';
import { now } from '../platform/clock';

export const getDeleteRefundNoteRoute = defineRoute(brokerContracts.getDeleteRefundNote, async ({ body, principal }) => {
  const refund = refundOf(await loadLiveAccount(principal, body.broker_id), now());
  return {
    data: { refund_credits: refund.refundCredits, remaining_days: refund.remainingDays, note: refundNote(refund) },
    message: 'Refund note fetched',
  };
});
