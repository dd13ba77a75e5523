import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useAutomationStatus, useResumeFranchiseAutomation, useStopFranchiseAutomation } from '../api/use-automation';
import { franchiseStopText } from '../automation-texts';
import '../automation.css';

const FRANCHISE_STOP_TEXT =
  'Every user of your broker panel stops placing automated orders at once, signals already waiting included; their bridges and groups are turned off and each user is told. Orders placed by hand still go through.';

/** The broker panel's franchise-wide kill switch (shown to broker-panel users only). */
export function FranchiseAutomationCard() {
  const status = useAutomationStatus();
  const stop = useStopFranchiseAutomation();
  const resume = useResumeFranchiseAutomation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const stopped = status.data?.franchise_stopped ?? false;
  return (
    <Card variation="outlined" className={stopped ? 'automation-card automation-card--stopped' : 'automation-card'}>
      <Flex direction="column" gap="small">
        <Heading level={3}>Automation for every user</Heading>
        {stopped && status.data ? <Text className="automation-control__stopped">{franchiseStopText(status.data)}</Text> : <Text>Automation is running for your users.</Text>}
        <Flex gap="small" wrap="wrap">
          {stopped ? (
            <Button
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: (done) => toast.show('success', `Automation resumed for your broker panel; ${done.users} users were told.`),
                  onError: (error) => toast.show('error', errorText(error)),
                })
              }
              isLoading={resume.isPending}
              loadingText="Resuming…"
            >
              Resume for every user
            </Button>
          ) : (
            <Button variation="destructive" onClick={() => setAsking(true)}>
              Stop automation for every user
            </Button>
          )}
        </Flex>
      </Flex>
      {asking ? (
        <ConfirmActionDialog
          title="Stop automation for every user?"
          text={FRANCHISE_STOP_TEXT}
          confirmLabel="Stop for every user"
          pendingLabel="Stopping…"
          onConfirm={() =>
            stop.mutate(undefined, {
              onSuccess: (done) => {
                toast.show('success', `Automation stopped for every user of your broker panel (${done.users} users).`);
                setAsking(false);
              },
            })
          }
          onClose={() => setAsking(false)}
          isPending={stop.isPending}
          error={stop.error}
        />
      ) : null}
    </Card>
  );
}
