import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import type { AvailableStrategy } from '@shared/contracts/strategy-subscriptions';
import { DialogActions } from '@/components/dialog-actions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { multiplierLabel } from '@/entities/multiplier/multiplier-text';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { dayText } from '@/entities/strategy-plans/plan-text';
import { formatMoneyExact } from '@/lib/format/money';
import { accountText, isBalanceShort } from '../subscription-words';
import type { ReadChoice } from './subscription-fields';

interface SubscribeReviewProps {
  strategy: AvailableStrategy;
  plan: StrategyPlan;
  account: BrokerAccount;
  choice: ReadChoice;
  isPending: boolean;
  error: Error | null;
  onBack: () => void;
  onSubscribe: () => void;
}

/** The last step before paying: what is bought, what it costs and what the wallet holds; Subscribe waits for enough credit. */
export function SubscribeReview({ strategy, plan, account, choice, isPending, error, onBack, onSubscribe }: SubscribeReviewProps) {
  const profile = useUserProfile();
  const balance = profile.data?.current_credit;
  const short = balance !== undefined && isBalanceShort(balance, plan.price_credits);
  const facts: readonly [string, string][] = [
    ['Strategy', strategy.strategy_name],
    ['Plan', `${plan.label}, ${dayText(plan.duration_days)}`],
    ['Account', accountText(account)],
    ['Multiplier', multiplierLabel(choice.multiplier)],
    ['Auto-renew', choice.autoRenew ? 'Yes, from your wallet' : 'No'],
    ['Price', formatMoneyExact(plan.price_credits)],
  ];
  return (
    <Flex direction="column" gap="medium">
      <dl className="subscribe-review" aria-label="Review">
        {facts.map(([term, value]) => (
          <div key={term} className="subscribe-review__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="subscribe-review__row">
          <dt>Wallet balance</dt>
          <dd>{balance === undefined ? '—' : formatMoneyExact(balance)}</dd>
        </div>
      </dl>
      {profile.isPending ? <LoadingState label="Loading your balance…" /> : null}
      {profile.isError ? <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} /> : null}
      {short ? (
        <Alert variation="warning" role="status">
          Your wallet holds {formatMoneyExact(balance)}, less than the plan's {formatMoneyExact(plan.price_credits)}.{' '}
          <Link className="amplify-link" to={paths.wallet}>
            Add credit in the wallet
          </Link>
          , then subscribe.
        </Alert>
      ) : (
        <Text variation="secondary" fontSize="small">
          The price is paid from your wallet when you subscribe; the account starts copying the strategy at once.
        </Text>
      )}
      <DialogActions
        error={error}
        cancelLabel="Back"
        onCancel={onBack}
        submitLabel="Subscribe"
        pendingLabel="Subscribing…"
        isPending={isPending}
        isDisabled={isPending || short || balance === undefined}
        onSubmit={onSubscribe}
      />
    </Flex>
  );
}
