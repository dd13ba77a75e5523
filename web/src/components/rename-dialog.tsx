import { Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type * as z from 'zod';
import { DialogActions } from './dialog-actions';
import { ModalDialog } from './modal-dialog';

export interface RenameDialogProps {
  /** What is renamed, as the dialog names it ("group", "bridge", "Json Bridge"). */
  readonly noun: string;
  readonly currentName: string;
  /** The field's label ("Group name"). */
  readonly label: string;
  /** The contract's own name field: the name is checked with it before anything is sent. */
  readonly nameField: z.ZodType<string>;
  readonly isPending: boolean;
  readonly error: unknown;
  /** Sends the checked name; the caller closes the dialog once the rename is done. */
  readonly onRename: (name: string) => void;
  readonly onClose: () => void;
}

/** One rename dialog for every named thing (groups, bridges): the same checks, wording and buttons. */
export function RenameDialog({ noun, currentName, label, nameField, isPending, error, onRename, onClose }: RenameDialogProps) {
  const [name, setName] = useState(currentName);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || isPending) return;
    onRename(parsed.data);
  };

  return (
    <ModalDialog title={`Rename ${currentName}`} onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate aria-label={`Rename ${noun}`}>
        <Flex direction="column" gap="medium">
          <TextField label={label} value={name} onChange={(event) => setName(event.target.value)} hasError={problem !== null} errorMessage={problem} isDisabled={isPending} />
          <DialogActions error={error} cancelLabel="Keep the name" onCancel={onClose} submitLabel="Rename" pendingLabel="Saving…" isPending={isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
