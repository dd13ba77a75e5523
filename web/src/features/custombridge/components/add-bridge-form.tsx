import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { bridgeNameField } from '../../../../../shared/contracts/bridge';
import { errorText } from '../../../lib/error-text';
import type { DialogSlot } from '../../demat/hooks/use-dialog-slot';
import { useAddBridge } from '../api/use-add-bridge';
import { WebhookShownDialog } from './webhook-shown-dialog';

/** Adds a bridge by name and shows its webhook URL, once. */
export function AddBridgeForm({ dialogs }: { dialogs: DialogSlot }) {
  const add = useAddBridge();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bridgeNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || add.isPending) return;
    add.mutate(parsed.data, {
      onSuccess: (bridge) => {
        setName('');
        dialogs.open(<WebhookShownDialog bridge={bridge} title={`Bridge ${bridge.bridge_name} added`} onClose={dialogs.close} />);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add bridge">
      <Flex gap="small" alignItems="flex-start" wrap="wrap">
        <TextField
          label="New bridge name"
          placeholder="e.g. Nifty breakout"
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
