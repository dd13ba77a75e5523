import { Alert, Button, CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
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
        {stop.error ? (
          <Alert variation="error" role="alert">
            {errorText(stop.error)}
          </Alert>
        ) : null}
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onClose} isDisabled={stop.isPending}>
            Keep it running
          </Button>
          <Button variation="destructive" onClick={confirm} isLoading={stop.isPending} loadingText="Stopping…" isDisabled={stop.isPending}>
            Stop all automation
          </Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}
