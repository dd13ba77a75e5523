import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { AddBridgeForm } from '../components/add-bridge-form';
import { BridgesSection } from '../components/bridges-section';
import '../custombridge.css';

/** Spec §2 /bridge/custombridge: the caller's custom bridges with their figures and switches; add, rename, reset key, remove. */
export function CustomBridgesPage() {
  const dialogs = useDialogSlot();
  return (
    <Flex direction="column" gap="large" className="custom-bridges-page">
      <Flex direction="column" gap="xxs">
        <Heading level={2}>Custom Bridge</Heading>
        <Text variation="secondary">A signal UP or DOWN from your alert sender runs that direction's triggers, in priority order; EXIT closes the bridge's positions.</Text>
      </Flex>
      <AddBridgeForm dialogs={dialogs} />
      <BridgesSection dialogs={dialogs} />
      {dialogs.dialog}
    </Flex>
  );
}
