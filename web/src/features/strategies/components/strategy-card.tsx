import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { AvailableStrategy } from '@shared/contracts/strategy-subscriptions';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { isRunning } from '../subscription-words';
import { ChangeSubscriptionDialog } from './change-subscription-dialog';
import { NotSubscribeDialog } from './not-subscribe-dialog';
import { OwnSubscription } from './own-subscription';
import { PlanOffers } from './plan-offers';
import { SubscribeDialog } from './subscribe-dialog';

interface StrategyCardProps {
  strategy: AvailableStrategy;
  dialogs: DialogSlot;
}

/** One strategy the user may follow: who runs it, what it is, its plans, and the user's own subscription. */
export function StrategyCard({ strategy, dialogs }: StrategyCardProps) {
  const { subscription } = strategy;
  const running = isRunning(subscription);
  return (
    <Card as="article" variation="outlined" aria-label={strategy.strategy_name}>
      <Flex direction="column" gap="small">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Heading level={3}>{strategy.strategy_name}</Heading>
          <Badge>{strategy.visibility}</Badge>
        </Flex>
        <Text variation="secondary" fontSize="small">
          Run by {strategy.owner_name}
        </Text>
        {strategy.description ? <Text>{strategy.description}</Text> : null}
        {subscription ? (
          <OwnSubscription
            subscription={subscription}
            onChange={() => dialogs.open(<ChangeSubscriptionDialog subscription={subscription} onClose={dialogs.close} />)}
            onNotSubscribe={() => dialogs.open(<NotSubscribeDialog subscription={subscription} onClose={dialogs.close} />)}
          />
        ) : null}
        <Heading level={4}>Plans</Heading>
        {running ? <Text variation="secondary" fontSize="small">You follow this strategy now; its plans can be bought again when your subscription ends.</Text> : null}
        <PlanOffers
          strategyName={strategy.strategy_name}
          plans={strategy.plans}
          onSubscribe={running ? null : (plan) => dialogs.open(<SubscribeDialog strategy={strategy} plan={plan} onClose={dialogs.close} />)}
        />
      </Flex>
    </Card>
  );
}
