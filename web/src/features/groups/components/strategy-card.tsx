import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { strategyFigures } from '../strategy-terms';
import { GroupCardFrame } from './group-card';
import { StrategyActions } from './strategy-actions';
import { StrategyBadges } from './strategy-badges';

/** One strategy as a card: name (opening its page), visibility, whether it is offered, trading switch, master, subscribers and actions. */
export function StrategyCard({ group, dialogs }: { group: Group; dialogs: DialogSlot }) {
  return (
    <GroupCardFrame
      group={group}
      badges={<StrategyBadges group={group} />}
      figures={strategyFigures(group)}
      actions={<StrategyActions group={group} dialogs={dialogs} />}
    />
  );
}
