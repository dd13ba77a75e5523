import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { groupNameField } from '@shared/contracts/groups';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useAddStrategy } from '../api/use-add-strategy';
import { isDescriptionTooLong, StrategyOfferFields, type Visibility } from './strategy-offer-fields';

/** One dialog for a new strategy: its name, who may see it and what it is about; it starts with trading off and no accounts. */
export function AddStrategyDialog({ onClose }: { onClose: () => void }) {
  const add = useAddStrategy();
  const toast = useToast();
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<Visibility>('PRIVATE');
  const [description, setDescription] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupNameField.safeParse(name);
    setNameProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || isDescriptionTooLong(description) || add.isPending) return;
    add.mutate(
      { name: parsed.data, visibility, description },
      {
        onSuccess: (group) => {
          toast.success(`${group.grp_name} is offered. Connect its master, then add plans from Manage.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title="Add strategy" onClose={onClose} canClose={!add.isPending}>
      <form onSubmit={submit} noValidate aria-label="Add strategy">
        <Flex direction="column" gap="medium">
          <Text variation="secondary">A strategy is a group you offer: its master's orders are copied to every subscriber's account.</Text>
          <TextField
            label="Strategy name"
            placeholder="e.g. Nifty momentum"
            value={name}
            onChange={(event) => setName(event.target.value)}
            hasError={nameProblem !== null}
            errorMessage={nameProblem}
            isDisabled={add.isPending}
          />
          <StrategyOfferFields
            visibility={visibility}
            onVisibilityChange={setVisibility}
            description={description}
            onDescriptionChange={setDescription}
            isDisabled={add.isPending}
          />
          <DialogActions error={add.error} onCancel={onClose} submitLabel="Add strategy" pendingLabel="Adding…" isPending={add.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
