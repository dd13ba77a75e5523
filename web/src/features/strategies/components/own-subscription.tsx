import { Badge, Button, Flex, Heading } from '@aws-amplify/ui-react';
import type { SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { multiplierLabel } from '@/entities/multiplier/multiplier-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { isRunning, subscriptionEndText } from '../subscription-words';

interface OwnSubscriptionProps {
  subscription: SubscribedStrategy;
  onChange: () => void;
  onNotSubscribe: () => void;
}

/** The user's own subscription on a strategy card: Active (with Change and Not Subscribe) or Expired. */
export function OwnSubscription({ subscription, onChange, onNotSubscribe }: OwnSubscriptionProps) {
  const running = isRunning(subscription);
  const facts: readonly [string, string][] = [
    ['Plan', subscription.plan_label],
    ['Account', subscription.account_name],
    ['Multiplier', multiplierLabel(subscription.multiplier)],
    ['Since', formatDisplayDate(subscription.since)],
    running ? ['Until', formatDisplayDate(subscription.until)] : ['Ended', subscriptionEndText(subscription)],
    ['Auto-renew', subscription.auto_renew ? 'On' : 'Off'],
  ];
  return (
    <section className="own-subscription" aria-label={`Your subscription to ${subscription.strategy_name}`}>
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Heading level={4}>Your subscription</Heading>
        <Badge variation={running ? 'success' : 'warning'}>{subscription.status}</Badge>
      </Flex>
      <dl className="strategy-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="strategy-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {running ? (
        <Flex gap="small" wrap="wrap">
          <Button size="small" onClick={onChange}>
            Change
          </Button>
          <Button size="small" variation="destructive" onClick={onNotSubscribe}>
            Not Subscribe
          </Button>
        </Flex>
      ) : null}
    </section>
  );
}
