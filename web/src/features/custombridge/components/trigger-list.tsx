import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useRef } from 'react';
import { MAX_TRIGGERS_PER_DIRECTION, type Trigger, type TriggerDirectionName } from '@shared/contracts/bridge';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useReorderTriggers } from '../api/use-reorder-triggers';
import { isSameOrder, movedIds } from '../trigger-order';
import { TriggerRow } from './trigger-row';

interface TriggerListProps {
  bridgeId: string;
  direction: TriggerDirectionName;
  triggers: readonly Trigger[];
  onAdd: () => void;
  onEdit: (trigger: Trigger) => void;
  onDelete: (trigger: Trigger) => void;
}

const DIRECTION_HINTS: Readonly<Record<TriggerDirectionName, string>> = {
  UP: 'Placed on an UP signal (BUY, LONG, UP), first to last.',
  DOWN: 'Placed on a DOWN signal (SELL, SHORT, DOWN), first to last.',
};

/** One direction's triggers in priority order; drag a row (or use its arrows) to reorder, and the new order is sent at once. */
export function TriggerList({ bridgeId, direction, triggers, onAdd, onEdit, onDelete }: TriggerListProps) {
  const reorder = useReorderTriggers();
  const toast = useToast();
  const dragged = useRef<number | null>(null);
  const ids = triggers.map((trigger) => trigger.trigger_id);
  const headingId = `triggers-${direction.toLowerCase()}`;

  const move = (from: number, to: number) => {
    const next = movedIds(ids, from, to);
    if (isSameOrder(next, ids)) return;
    reorder.mutate({ bridgeId, direction, triggerIds: next }, { onError: (error) => toast.error(errorText(error)) });
  };

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId} className="trigger-list">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Flex direction="column" gap="0">
          <Heading level={3} id={headingId}>
            {direction} triggers
          </Heading>
          <Text variation="secondary" fontSize="small">
            {DIRECTION_HINTS[direction]}
          </Text>
        </Flex>
        <Button size="small" variation="primary" onClick={onAdd} isDisabled={triggers.length >= MAX_TRIGGERS_PER_DIRECTION}>
          Add {direction} trigger
        </Button>
      </Flex>
      {triggers.length === 0 ? (
        <Text variation="secondary">No {direction} triggers: a {direction} signal places nothing.</Text>
      ) : (
        <ol className="trigger-list__rows" aria-labelledby={headingId}>
          {triggers.map((trigger, index) => (
            <TriggerRow
              key={trigger.trigger_id}
              trigger={trigger}
              index={index}
              count={triggers.length}
              isBusy={reorder.isPending}
              onEdit={onEdit}
              onDelete={onDelete}
              onMove={move}
              onDragStart={(from) => {
                dragged.current = from;
              }}
              onDropAt={(to) => {
                const from = dragged.current;
                dragged.current = null;
                if (from !== null) move(from, to);
              }}
            />
          ))}
        </ol>
      )}
    </Flex>
  );
}
