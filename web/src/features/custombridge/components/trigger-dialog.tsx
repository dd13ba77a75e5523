import type { TriggerDirectionName } from '@shared/contracts/bridge';
import { ModalDialog } from '@/components/modal-dialog';
import type { TriggerFormValues, TriggerTarget } from '../trigger-form';
import { TriggerForm } from './trigger-form';

interface TriggerDialogProps {
  target: TriggerTarget;
  direction: TriggerDirectionName;
  initial: TriggerFormValues;
  onClose: () => void;
}

/** The add / edit dialog of a trigger. */
export function TriggerDialog({ target, direction, initial, onClose }: TriggerDialogProps) {
  const title = target.kind === 'add' ? `Add ${direction} trigger` : `Edit ${direction} trigger ${target.trigger.priority}`;
  return (
    <ModalDialog title={title} onClose={onClose}>
      <TriggerForm target={target} initial={initial} onClose={onClose} />
    </ModalDialog>
  );
}
