import { bridgeNameField } from '@shared/contracts/bridge';
import { AddByNameForm } from '@/components/add-by-name-form';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useAddBridge } from '../api/use-add-bridge';
import { WebhookShownDialog } from './webhook-shown-dialog';

/** Adds a bridge by name and shows its webhook URL, once. */
export function AddBridgeForm({ dialogs }: { dialogs: DialogSlot }) {
  const add = useAddBridge();
  return (
    <AddByNameForm
      formLabel="Add bridge"
      label="New bridge name"
      placeholder="e.g. Nifty breakout"
      submitText="Add bridge"
      fieldClassName="add-bridge-form__name"
      submitClassName="add-bridge-form__submit"
      nameField={bridgeNameField}
      add={add}
      onAdded={(bridge) =>
        dialogs.open(<WebhookShownDialog bridge={bridge} title={`Bridge ${bridge.bridge_name} added`} onClose={dialogs.close} />)
      }
    />
  );
}
