import type { Group } from '@shared/contracts/groups';
import type { CounterFigure } from './group-counters';

/** The contract allows at most this many characters (shared/contracts/groups.ts updateStrategyRequestSchema). */
export const STRATEGY_DESCRIPTION_LIMIT = 500;

/**
 * A strategy's figures (spec §3), in the order shown: who follows it now (`sub_user_count`), how many
 * subscriptions were ever taken (`strategy_subscriptions_count`), its accounts (the owner's and the
 * subscribers') and its orders.
 */
export const STRATEGY_FIGURES: readonly { label: string; value: (group: Group) => number }[] = [
  { label: 'Subscribers', value: (group) => group.sub_user_count },
  { label: 'Subscriptions taken', value: (group) => group.strategy_subscriptions_count },
  { label: 'Accounts', value: (group) => group.group_broker_count },
  { label: 'Orders', value: (group) => group.total_orders },
];

export const strategyFigures = (group: Group): CounterFigure[] => STRATEGY_FIGURES.map((figure) => [figure.label, figure.value(group)]);

export const offeredText = (group: Pick<Group, 'is_strategy'>) => (group.is_strategy ? 'Offered' : 'Not offered');
