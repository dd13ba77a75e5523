import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { groupNameField, type Group } from '../../../../../shared/contracts/groups';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorText } from '../../../lib/error-text';
import { useRenameGroup } from '../api/use-rename-group';

/** Renames a group; the name is checked with the contract's own field first. */
export function RenameGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const rename = useRenameGroup();
  const toast = useToast();
  const [name, setName] = useState(group.grp_name);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    rename.mutate(
      { grpId: group.grp_id, name: parsed.data },
      {
        onSuccess: (renamed) => {
          toast.success(`Group renamed to ${renamed.grp_name}.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Rename ${group.grp_name}`} onClose={onClose} canClose={!rename.isPending}>
      <form onSubmit={submit} noValidate aria-label="Rename group">
        <Flex direction="column" gap="medium">
          <TextField
            label="Group name"
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
