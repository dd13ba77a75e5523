import { Flex, Heading } from '@aws-amplify/ui-react';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { AccountsSection } from '../components/accounts-section';
import { CatalogSection } from '../components/catalog-section';
import { ConnectBrokerDialog } from '../components/connect-broker-dialog';
import { useAccountActionTools } from '../hooks/use-account-action-tools';
import '../demat.css';

/** Spec §2 /demat: the broker catalog to add accounts from, and the user's accounts with their switches and plans. */
export function DematPage() {
  const dialogs = useDialogSlot();
  const tools = useAccountActionTools(dialogs);
  return (
    <Flex direction="column" gap="large" className="demat-page">
      <Heading level={2}>Demat</Heading>
      <CatalogSection onConnect={(broker) => dialogs.open(<ConnectBrokerDialog broker={broker} onClose={dialogs.close} />)} />
      <AccountsSection tools={tools} />
      {dialogs.dialog}
    </Flex>
  );
}
