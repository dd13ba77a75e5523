import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { groupNameField } from '../../../../../shared/contracts/groups';
import { useToast } from '../../../components/toast/use-toast';
import { errorText } from '../../../lib/error-text';
import { useAddGroup } from '../api/use-add-group';

/** Adds a group by name; it starts with no accounts and trading off. */
export function AddGroupForm() {
  const add = useAddGroup();
  const toast = useToast();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupNameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || add.isPending) return;
    add.mutate(parsed.data, {
      onSuccess: (group) => {
        toast.success(`Group ${group.grp_name} added. Add accounts to it, then turn its Trading on.`);
        setName('');
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add group">
      <Flex gap="small" alignItems="flex-start" wrap="wrap">
        <TextField
          label="New group name"
          placeholder="e.g. Nifty options"
          value={name}
          onChange={(event) => setName(event.target.value)}
          hasError={problem !== null}
          errorMessage={problem}
          isDisabled={add.isPending}
          className="add-group-form__name"
        />
        <Button type="submit" variation="primary" isLoading={add.isPending} loadingText="Adding…" className="add-group-form__submit">
          Add group
        </Button>
      </Flex>
    </form>
  );
}
