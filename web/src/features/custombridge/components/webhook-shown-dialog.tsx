import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { BridgeWithKey } from '@shared/contracts/bridge';
import { ModalDialog } from '@/components/modal-dialog';
import { paths, pathTo } from '@/config/paths';
import { WebhookShownPanel } from './webhook-shown-panel';

interface WebhookShownDialogProps {
  bridge: BridgeWithKey;
  /** What just made the URL: a new bridge or a reset key. */
  title: string;
  onClose: () => void;
}

/** The webhook URL the server answered once (a new bridge, a reset key), with where to go next. */
export function WebhookShownDialog({ bridge, title, onClose }: WebhookShownDialogProps) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      <Flex direction="column" gap="medium">
        <WebhookShownPanel webhookPath={bridge.webhook_path} />
        <Text fontSize="small">
          The <Link to={pathTo(paths.customBridgeInfo, { bridge_id: bridge.bridge_id })}>bridge's info page</Link> has ready-to-paste alert messages for
          TradingView, ChartInk and Amibroker. Add triggers on the{' '}
          <Link to={pathTo(paths.customBridge, { bridge_id: bridge.bridge_id })}>bridge's page</Link>, then connect it.
        </Text>
        <Flex justifyContent="flex-end">
          <Button variation="primary" onClick={onClose}>
            I have copied it
          </Button>
        </Flex>
      </Flex>
    </ModalDialog>
  );
}
