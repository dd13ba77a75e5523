import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { jsonBridgeNameField, type JsonBridge } from '../../../../../shared/contracts/jsonbridge';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorText } from '../../../lib/error-text';
import { useUpdateJsonBridge } from '../api/use-update-json-bridge';

/** Renames a bridge; the name is checked with the contract's own field first. */
export function RenameJsonBridgeDialog({ bridge, onClose }: { bridge: JsonBridge; onClose: () => void }) {
  const update = useUpdateJsonBridge();
  const toast = useToast();
  const [name, setName] = useState(bridge.json_bridge_name);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = jsonBridgeNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    update.mutate(
      { kind: 'rename', id: bridge.json_bridge_id, name: parsed.data },
      {
        onSuccess: (renamed) => {
          toast.success(`Json Bridge renamed to ${renamed.json_bridge_name}.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Rename ${bridge.json_bridge_name}`} onClose={onClose} canClose={!update.isPending}>
      <form onSubmit={submit} noValidate aria-label="Rename Json Bridge">
        <Flex direction="column" gap="medium">
          <TextField label="Bridge name" value={name} onChange={(event) => setName(event.target.value)} hasError={problem !== null} errorMessage={problem} isDisabled={update.isPending} />
          {update.error ? (
            <Alert variation="error" role="alert">
              {errorText(update.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={update.isPending}>
              Keep the name
            </Button>
            <Button type="submit" variation="primary" isLoading={update.isPending} loadingText="Saving…">
              Rename
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
