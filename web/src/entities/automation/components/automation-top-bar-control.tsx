import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useAutomationStatus, useResumeAutomation } from '../api/use-automation';
import { franchiseStopText, ownStopText } from '../automation-texts';
import { StopAutomationDialog } from './stop-automation-dialog';
import '../automation.css';

/**
 * The top bar's kill switch: "Stop all automation" (asks first), or, while stopped, a red "Automation
 * stopped" with Resume. A franchise-wide stop shows red too, without Resume: only the broker panel lifts it.
 * While the status is unknown (loading, unreadable) the stop stays offered: stopping needs no status.
 * On phone-sized screens it leaves the top bar (its words would push the bar wider than the screen):
 * the profile menu offers the stop there, and the dashboard card shows the state and Resume.
 */
export function AutomationTopBarControl() {
  const status = useAutomationStatus();
  const resume = useResumeAutomation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast.show('success', 'Automation resumed. Turn your bridges and groups back on from the dashboard.'),
      onError: (error) => toast.show('error', errorText(error)),
    });

  if (status.data?.stopped) {
    return (
      <Flex className="automation-control" alignItems="center" gap="xs">
        <Text className="automation-control__stopped" title={ownStopText(status.data)}>
          Automation stopped
        </Text>
        <Button size="small" onClick={onResume} isLoading={resume.isPending} loadingText="Resuming…">
          Resume
        </Button>
      </Flex>
    );
  }
  return (
    <Flex className="automation-control" alignItems="center" gap="xs">
      {status.data?.franchise_stopped ? (
        <Text className="automation-control__stopped" title={franchiseStopText(status.data)}>
          Automation stopped by your broker panel
        </Text>
      ) : null}
      <Button size="small" variation="destructive" onClick={() => setAsking(true)}>
        Stop all automation
      </Button>
      {asking ? <StopAutomationDialog onClose={() => setAsking(false)} /> : null}
    </Flex>
  );
}
