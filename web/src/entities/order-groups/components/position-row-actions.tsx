import { Button, Flex } from '@aws-amplify/ui-react';
import type { Position, PositionAction } from '@shared/contracts/ordermanager';
import { isOutcomeAction, OUTCOME_ACTIONS, ROW_ACTION_ORDER, type OutcomeAction } from '../position-actions';

const OTHER_LABELS: Readonly<Record<Exclude<PositionAction, OutcomeAction>, string>> = { edit: 'Edit', delete: 'Delete' };

const labelOf = (action: PositionAction) => (isOutcomeAction(action) ? OUTCOME_ACTIONS[action].label : OTHER_LABELS[action]);

/** Exactly the actions the server allows the position now (`allowed_actions`), in a fixed order. */
export function PositionRowActions({ position, onAction }: { position: Position; onAction: (action: PositionAction) => void }) {
  const allowed = ROW_ACTION_ORDER.filter((action) => position.allowed_actions.includes(action));
  if (allowed.length === 0) return <span className="om-muted">—</span>;
  return (
    <Flex gap="xxs" wrap="wrap">
      {allowed.map((action) => (
        <Button
          key={action}
          size="small"
          variation={action === 'delete' || action === 'exit' ? 'destructive' : undefined}
          aria-label={`${labelOf(action)} ${position.trading_symbol}`}
          onClick={() => onAction(action)}
        >
          {labelOf(action)}
        </Button>
      ))}
    </Flex>
  );
}
