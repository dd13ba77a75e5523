import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import type { AvailableStrategy } from '@shared/contracts/strategy-subscriptions';
import { DialogActions } from '@/components/dialog-actions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { readMultiplier } from '@/entities/multiplier/multiplier-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useSubscribe } from '../api/use-subscription-actions';
import { SubscribeReview } from './subscribe-review';
import { SubscriptionFields, type ReadChoice, type SubscriptionChoice } from './subscription-fields';

interface SubscribeDialogProps {
  strategy: AvailableStrategy;
  plan: StrategyPlan;
  onClose: () => void;
}

/**
 * Subscribe to one plan: choose the account, multiplier and auto-renew, review the price against the
 * wallet, then pay. The idempotency key lives as long as the dialog, so a retry after a lost answer is
 * the same request and is charged once.
 */
export function SubscribeDialog({ strategy, plan, onClose }: SubscribeDialogProps) {
  const accounts = useBrokerAccounts();
  const subscribe = useSubscribe();
  const toast = useToast();
  const [idempotencyKey] = useState(() => newIdempotencyKey('sub'));
  const connected = (accounts.data ?? []).filter((account) => account.status === 'connected');
  const [choice, setChoice] = useState<SubscriptionChoice>({ brokerId: '', multiplierText: '1', autoRenew: false });
  const [multiplierProblem, setMultiplierProblem] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState<ReadChoice | null>(null);
  const brokerId = choice.brokerId || connected[0]?.broker_id || '';

  const review = (event: FormEvent) => {
    event.preventDefault();
    const multiplier = readMultiplier(choice.multiplierText);
    setMultiplierProblem(multiplier.problem);
    if (multiplier.value === null || !brokerId) return;
    setReviewed({ brokerId, multiplier: multiplier.value, autoRenew: choice.autoRenew });
  };

  const pay = (chosen: ReadChoice) => {
    subscribe.mutate(
      { group_id: strategy.group_strategy_id, plan_id: plan.plan_id, broker_id: chosen.brokerId, multiplier: chosen.multiplier, auto_renew: chosen.autoRenew, idempotency_key: idempotencyKey },
      {
        onSuccess: ({ subscription }) => {
          toast.success(`You follow ${subscription.strategy_name} until ${formatDisplayDate(subscription.until)}.`);
          onClose();
        },
      },
    );
  };

  // An account that stopped being connected meanwhile sends the user back to choosing.
  const account = connected.find((one) => one.broker_id === reviewed?.brokerId);
  return (
    <ModalDialog title={`Subscribe to ${strategy.strategy_name}`} onClose={onClose} canClose={!subscribe.isPending}>
      {accounts.isPending ? <LoadingState label="Loading your accounts…" /> : null}
      {accounts.isError ? <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.isSuccess && connected.length === 0 ? (
        <Flex direction="column" gap="medium">
          <Text>You have no connected broker account. Connect one on the Demat page, then subscribe.</Text>
          <Flex justifyContent="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Flex>
        </Flex>
      ) : null}
      {connected.length > 0 && reviewed && account ? (
        <SubscribeReview
            strategy={strategy}
            plan={plan}
            account={account}
            choice={reviewed}
            isPending={subscribe.isPending}
            error={subscribe.error}
            onBack={() => {
            // The choice is about to change: an old failure no longer speaks for it (the key stays the same).
            subscribe.reset();
            setReviewed(null);
          }}
          onSubscribe={() => pay(reviewed)}
        />
      ) : null}
      {connected.length > 0 && !(reviewed && account) ? (
        <form onSubmit={review} aria-label="Choose how to follow" noValidate>
          <Flex direction="column" gap="medium">
            <SubscriptionFields accounts={connected} choice={{ ...choice, brokerId }} onChange={setChoice} errors={{ multiplier: multiplierProblem ?? undefined }} isDisabled={false} />
            <DialogActions onCancel={onClose} submitLabel="Review" />
          </Flex>
        </form>
      ) : null}
    </ModalDialog>
  );
}
