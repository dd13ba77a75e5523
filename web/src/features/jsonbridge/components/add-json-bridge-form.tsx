import { jsonBridgeNameField } from '@shared/contracts/jsonbridge';
import { AddByNameForm } from '@/components/add-by-name-form';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useAddJsonBridge } from '../api/use-add-json-bridge';
import { webhookUrlOf } from '../webhook-url';
import { WebhookUrlView } from './webhook-url-view';

/** Adds a bridge by name; its webhook URL then shows in a dialog, once. */
export function AddJsonBridgeForm({ dialogs }: { dialogs: DialogSlot }) {
  const add = useAddJsonBridge();
  const toast = useToast();
  return (
    <AddByNameForm
      formLabel="Add Json Bridge"
      label="New bridge name"
      placeholder="e.g. TradingView Nifty"
      submitText="Add bridge"
      fieldClassName="add-bridge-form__name"
      submitClassName="add-bridge-form__submit"
      nameField={jsonBridgeNameField}
      add={add}
      onAdded={(bridge) => {
        toast.success(`Json Bridge ${bridge.json_bridge_name} added.`);
        dialogs.open(
          <ModalDialog title={`Webhook URL of ${bridge.json_bridge_name}`} onClose={dialogs.close}>
            <WebhookUrlView bridgeId={bridge.json_bridge_id} url={webhookUrlOf(bridge.webhook_path)} onClose={dialogs.close} />
          </ModalDialog>,
        );
      }}
    />
  );
}
