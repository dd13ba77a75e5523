import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { jsonBridgeNameField } from '../../../../../shared/contracts/jsonbridge';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorText } from '../../../lib/error-text';
import type { DialogSlot } from '../../demat/hooks/use-dialog-slot';
import { useAddJsonBridge } from '../api/use-add-json-bridge';
import { webhookUrlOf } from '../webhook-url';
import { WebhookUrlView } from './webhook-url-view';

/** Adds a bridge by name; its webhook URL then shows in a dialog, once. */
export function AddJsonBridgeForm({ dialogs }: { dialogs: DialogSlot }) {
  const add = useAddJsonBridge();
  const toast = useToast();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = jsonBridgeNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || add.isPending) return;
    add.mutate(parsed.data, {
      onSuccess: (bridge) => {
        toast.success(`Json Bridge ${bridge.json_bridge_name} added.`);
        setName('');
        dialogs.open(
          <ModalDialog title={`Webhook URL of ${bridge.json_bridge_name}`} onClose={dialogs.close}>
            <WebhookUrlView bridgeId={bridge.json_bridge_id} url={webhookUrlOf(bridge.webhook_path)} onClose={dialogs.close} />
          </ModalDialog>,
        );
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add Json Bridge">
      <Flex gap="small" alignItems="flex-start" wrap="wrap">
        <TextField
          label="New bridge name"
          placeholder="e.g. TradingView Nifty"
          value={name}
          onChange={(event) => setName(event.target.value)}
          hasError={problem !== null}
          errorMessage={problem}
          isDisabled={add.isPending}
          className="add-bridge-form__name"
        />
        <Button type="submit" variation="primary" isLoading={add.isPending} loadingText="Adding…" className="add-bridge-form__submit">
          Add bridge
        </Button>
      </Flex>
    </form>
  );
}
