import { Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { setAlertsEnabled, useAlertsEnabled } from '@/entities/alerts/alert-preference';
import { browserNotifications } from '@/entities/alerts/browser-notifications';
import { alertsOfPage } from '@/entities/alerts/use-alerts';

const SOUND_ONLY = {
  unsupported: 'This browser cannot show notifications, so alerts will only play a sound.',
  denied: 'Notifications for this site are blocked in your browser settings, so alerts will only play a sound.',
  default: 'You did not allow notifications, so alerts will only play a sound. Turn alerts off and on to be asked again.',
} as const;

/**
 * Spec extension (issue 16): alerts on or off for this browser. Turning them on asks the browser for
 * permission to show notifications and plays the alert tone once; off by default.
 */
export function AlertsSwitch() {
  const enabled = useAlertsEnabled();
  const [note, setNote] = useState<string | null>(null);

  const turn = async (on: boolean) => {
    setAlertsEnabled(on);
    if (!on) return setNote(null);
    alertsOfPage().preview();
    const current = browserNotifications.permission;
    const permission = current === 'default' ? await browserNotifications.requestPermission() : current;
    setNote(permission === 'granted' ? 'Alerts are on: you will hear a tone and see a notification.' : SOUND_ONLY[permission]);
  };

  return (
    <Card variation="outlined" className="profile-page__card" as="section" aria-labelledby="alerts-heading">
      <Flex direction="column" gap="small">
        <Heading level={3} id="alerts-heading">
          Alerts
        </Heading>
        <Text variation="secondary">
          A short tone and a browser notification when an order fills or is rejected, a position exits on its target or stop-loss, or a broker
          session ends. This setting is for this browser only.
        </Text>
        <SwitchField label="Sound and notifications" labelPosition="end" isChecked={enabled} onChange={(event) => void turn(event.target.checked)} />
        {note ? (
          <Text role="status" fontSize="small">
            {note}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
