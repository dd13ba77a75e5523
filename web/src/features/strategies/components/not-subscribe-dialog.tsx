import type { SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useChangeSubscription } from '../api/use-subscription-actions';

interface NotSubscribeDialogProps {
  subscription: SubscribedStrategy;
  onClose: () => void;
}

/** Not Subscribe: asks first, because the account stops copying at once and the paid period is not refunded. */
export function NotSubscribeDialog({ subscription, onClose }: NotSubscribeDialogProps) {
  const change = useChangeSubscription();
  const toast = useToast();
  const stop = () =>
    change.mutate(
      { group_id: subscription.group_strategy_id, subscription_id: subscription.subscription_id, subscribed: false },
      {
        onSuccess: () => {
          toast.success(`${subscription.account_name} no longer copies ${subscription.strategy_name}.`);
          onClose();
        },
      },
    );
  return (
    <ConfirmActionDialog
      title={`Not Subscribe ${subscription.strategy_name}?`}
      text={`${subscription.account_name} stops copying ${subscription.strategy_name} at once. The period paid until ${formatDisplayDate(subscription.until)} is not refunded.`}
      confirmLabel="Not Subscribe"
      pendingLabel="Ending…"
      onConfirm={stop}
      onClose={onClose}
      isPending={change.isPending}
      error={change.error}
    />
  );
}
