import type { StrategySubscriber } from '@shared/contracts/strategy-subscriptions';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useEndSubscription } from '../api/use-strategy-actions';

/** Asks before Not Subscribe: the sub-user's account stops receiving the strategy's orders at once. */
export function EndSubscriptionDialog({ groupId, subscriber, onClose }: { groupId: string; subscriber: StrategySubscriber; onClose: () => void }) {
  const end = useEndSubscription(groupId);
  const toast = useToast();
  const confirm = () =>
    end.mutate(subscriber.subscription_id, {
      onSuccess: () => {
        toast.success(`${subscriber.name} no longer follows ${subscriber.strategy_name}.`);
        onClose();
      },
    });
  return (
    <ConfirmActionDialog
      title={`Not Subscribe ${subscriber.name}?`}
      text={`${subscriber.name}'s account leaves ${subscriber.strategy_name} now and receives none of its next orders; orders already placed stay with the account.${subscriber.price_credits > 0 ? ' The rest of the paid period is not refunded.' : ''}`}
      confirmLabel="Not Subscribe"
      pendingLabel="Ending…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={end.isPending}
      error={end.error}
    />
  );
}
