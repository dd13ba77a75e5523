import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useStopAutomation } from '../api/use-automation';
import { STOP_EXPLANATION, stopOutcomeText } from '../automation-texts';

interface StopAutomationDialogProps {
  onClose: () => void;
}

/** Asks before stopping all automation, with the choice to square off every open position too. */
export function StopAutomationDialog({ onClose }: StopAutomationDialogProps) {
  const stop = useStopAutomation();
  const toast = useToast();
  const [squareOff, setSquareOff] = useState(false);
  const confirm = () =>
    stop.mutate(squareOff, {
      onSuccess: (stopped) => {
        const failed = (stopped.square_off?.failures.length ?? 0) > 0;
        toast.show(failed ? 'warning' : 'success', stopOutcomeText(stopped));
        onClose();
      },
    });
  return (
    <ModalDialog title="Stop all automation?" onClose={onClose} canClose={!stop.isPending}>
      <Flex direction="column" gap="medium">
        <Text>{STOP_EXPLANATION}</Text>
        <CheckboxField
          label="Also square off all open positions"
          name="square_off"
          value="yes"
          checked={squareOff}
          onChange={(event) => setSquareOff(event.target.checked)}
          isDisabled={stop.isPending}
        />
        <DialogActions
          error={stop.error}
          cancelLabel="Keep it running"
          onCancel={onClose}
          submitLabel="Stop all automation"
          pendingLabel="Stopping…"
          isPending={stop.isPending}
          isDisabled={stop.isPending}
          variation="destructive"
          onSubmit={confirm}
          wrap
        />
      </Flex>
    </ModalDialog>
  );
}
