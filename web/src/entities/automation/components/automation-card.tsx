import { Alert, Button, Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AutomationStatus, AutomationSwitch } from '@shared/contracts/automation';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useAutomationStatus, useResumeAutomation, useTurnSwitchOn } from '../api/use-automation';
import { franchiseStopText, ownStopText, SWITCH_KIND_LABELS } from '../automation-texts';
import { StopAutomationDialog } from './stop-automation-dialog';
import '../automation.css';

interface SwitchRowProps {
  item: AutomationSwitch;
  /** While the user's own stop holds, switches wait: resuming comes first. */
  locked: boolean;
}

/** One switch a stop turned off, with a toggle that turns it back on through its own screen's call. */
function SwitchRow({ item, locked }: SwitchRowProps) {
  const turnOn = useTurnSwitchOn();
  const toast = useToast();
  const label = `${SWITCH_KIND_LABELS[item.kind]}: ${item.name}`;
  return (
    <li>
      <SwitchField
        label={label}
        isChecked={item.is_on}
        isDisabled={locked || item.is_on || turnOn.isPending}
        onChange={() =>
          turnOn.mutate(item, {
            onSuccess: () => toast.show('success', `${label} is on again.`),
            onError: (error) => toast.show('error', errorText(error)),
          })
        }
      />
    </li>
  );
}

function SwitchList({ status }: { status: AutomationStatus }) {
  if (status.switches.length === 0) return null;
  return (
    <Flex direction="column" gap="xs">
      <Text fontWeight="semibold">Turned off by the stop</Text>
      {status.stopped ? <Text variation="secondary">Resume first, then turn each one back on.</Text> : null}
      <ul className="automation-card__switches" aria-label="Switches turned off by the stop">
        {status.switches.map((item) => (
          <SwitchRow key={`${item.kind}#${item.id}`} item={item} locked={status.stopped} />
        ))}
      </ul>
    </Flex>
  );
}

/** The dashboard's kill switch: the state, Stop or Resume, and the switches to turn back on one by one. */
export function AutomationCard() {
  const status = useAutomationStatus();
  const resume = useResumeAutomation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const data = status.data;
  const stopped = data ? data.stopped || data.franchise_stopped : false;
  return (
    <Card variation="outlined" className={stopped ? 'automation-card automation-card--stopped' : 'automation-card'}>
      <Flex direction="column" gap="small">
        <Heading level={3}>Automation</Heading>
        {status.isError ? <Alert variation="error">The automation status could not be read: {errorText(status.error)}</Alert> : null}
        {data?.stopped ? <Text className="automation-control__stopped">{ownStopText(data)}</Text> : null}
        {data?.franchise_stopped ? <Text className="automation-control__stopped">{franchiseStopText(data)}</Text> : null}
        {data && !stopped ? <Text>Automation is running: bridges, copy trading and the order manager place orders.</Text> : null}
        <Flex gap="small" wrap="wrap">
          {data?.stopped ? (
            <Button
              onClick={() => resume.mutate(undefined, { onSuccess: () => toast.show('success', 'Automation resumed.'), onError: (error) => toast.show('error', errorText(error)) })}
              isLoading={resume.isPending}
              loadingText="Resuming…"
            >
              Resume automation
            </Button>
          ) : (
            <Button variation="destructive" onClick={() => setAsking(true)}>
              Stop all automation
            </Button>
          )}
        </Flex>
        {data ? <SwitchList status={data} /> : null}
      </Flex>
      {asking ? <StopAutomationDialog onClose={() => setAsking(false)} /> : null}
    </Card>
  );
}
