import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { DragEvent } from 'react';
import type { Trigger } from '@shared/contracts/bridge';
import { entryText, exitsText, orderText, tradesText } from '../trigger-summary';

export interface TriggerRowHandlers {
  onEdit: (trigger: Trigger) => void;
  onDelete: (trigger: Trigger) => void;
  onMove: (from: number, to: number) => void;
  onDragStart: (index: number) => void;
  onDropAt: (index: number) => void;
}

interface TriggerRowProps extends TriggerRowHandlers {
  trigger: Trigger;
  index: number;
  count: number;
  isBusy: boolean;
}

/** One trigger: its priority, what and where it trades, and its actions; dragged by the whole row, or moved with the arrow buttons. */
export function TriggerRow({ trigger, index, count, isBusy, onEdit, onDelete, onMove, onDragStart, onDropAt }: TriggerRowProps) {
  const name = `${trigger.direction} trigger ${trigger.priority}`;
  return (
    <li
      className="trigger-row"
      aria-label={name}
      data-trigger-id={trigger.trigger_id}
      draggable={!isBusy}
      onDragStart={(event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', trigger.trigger_id);
        onDragStart(index);
      }}
      onDragOver={(event: DragEvent<HTMLLIElement>) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(event: DragEvent<HTMLLIElement>) => {
        event.preventDefault();
        onDropAt(index);
      }}
    >
      <span className="trigger-row__handle" aria-hidden="true" title="Drag to reorder">
        ⠿
      </span>
      <span className="trigger-row__priority" aria-label={`Priority ${trigger.priority}`}>
        {trigger.priority}
      </span>
      <Flex direction="column" gap="0" className="trigger-row__summary">
        <Text fontWeight="semibold">{tradesText(trigger)}</Text>
        <Text fontSize="small">
          {orderText(trigger)} · {entryText(trigger)}
        </Text>
        <Text fontSize="small" variation="secondary">
          on {trigger.target_kind === 'group' ? 'group' : 'account'} {trigger.target_name || '(removed)'} · {exitsText(trigger)}
        </Text>
      </Flex>
      <Flex gap="xxs" wrap="wrap" className="trigger-row__actions">
        <Button size="small" aria-label={`Move ${name} up`} isDisabled={isBusy || index === 0} onClick={() => onMove(index, index - 1)}>
          ↑
        </Button>
        <Button size="small" aria-label={`Move ${name} down`} isDisabled={isBusy || index === count - 1} onClick={() => onMove(index, index + 1)}>
          ↓
        </Button>
        <Button size="small" aria-label={`Edit ${name}`} onClick={() => onEdit(trigger)}>
          Edit
        </Button>
        <Button size="small" variation="destructive" aria-label={`Delete ${name}`} onClick={() => onDelete(trigger)}>
          Delete
        </Button>
      </Flex>
    </li>
  );
}
