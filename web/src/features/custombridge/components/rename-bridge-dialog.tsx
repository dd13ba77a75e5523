import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { bridgeNameField, type Bridge } from '../../../../../shared/contracts/bridge';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorText } from '../../../lib/error-text';
import { useRenameBridge } from '../api/use-rename-bridge';

/** Renames a bridge; the name is checked with the contract's own field first. */
export function RenameBridgeDialog({ bridge, onClose }: { bridge: Bridge; onClose: () => void }) {
  const rename = useRenameBridge();
  const toast = useToast();
  const [name, setName] = useState(bridge.bridge_name);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bridgeNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || rename.isPending) return;
    rename.mutate(
      { bridgeId: bridge.bridge_id, name: parsed.data },
      {
        onSuccess: (renamed) => {
          toast.success(`Bridge renamed to ${renamed.bridge_name}.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Rename ${bridge.bridge_name}`} onClose={onClose} canClose={!rename.isPending}>
      <form onSubmit={submit} noValidate aria-label="Rename bridge">
        <Flex direction="column" gap="medium">
          <TextField
            label="Bridge name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            hasError={problem !== null}
            errorMessage={problem}
            isDisabled={rename.isPending}
          />
          {rename.error ? (
            <Alert variation="error" role="alert">
              {errorText(rename.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={rename.isPending}>
              Keep the name
            </Button>
            <Button type="submit" variation="primary" isLoading={rename.isPending} loadingText="Saving…">
              Rename
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
