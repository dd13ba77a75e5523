import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { multiplierLabel, readMultiplier } from '@/entities/multiplier/multiplier-text';
import { errorText } from '@/lib/error-text';
import { useAddChild } from '../api/use-add-child';
import { childCandidates } from '../group-accounts';

interface AddChildFormProps {
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
}

/** Adds one of the user's connected accounts that is not in the group yet, with its multiplier (1 unless changed). */
export function AddChildForm({ group, childAccounts, accounts }: AddChildFormProps) {
  const add = useAddChild();
  const toast = useToast();
  const candidates = childCandidates(accounts, group, childAccounts);
  const [chosen, setChosen] = useState('');
  const [multiplier, setMultiplier] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const brokerId = candidates.some((account) => account.broker_id === chosen) ? chosen : (candidates[0]?.broker_id ?? '');

  if (candidates.length === 0) {
    return (
      <Text variation="secondary">
        Every connected account is in the group already. Connect more on the <Link to={paths.demat}>Demat page</Link> to add them.
      </Text>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readMultiplier(multiplier);
    setProblem(read.problem);
    if (read.value === null || add.isPending) return;
    add.mutate(
      { grpId: group.grp_id, brokerId, multiplier: read.value },
      {
        onSuccess: (child) => {
          toast.success(`${child.broker_combined_name} added at ${multiplierLabel(child.multiplier)}.`);
          setChosen('');
          setMultiplier('1');
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add account to group">
      <Flex gap="small" alignItems="flex-start" wrap="wrap">
        <SelectField label="Account to add" value={brokerId} onChange={(event) => setChosen(event.target.value)} isDisabled={add.isPending}>
          {candidates.map((account) => (
            <option key={account.broker_id} value={account.broker_id}>
              {account.broker_combined_name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Multiplier"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={multiplier}
          onChange={(event) => setMultiplier(event.target.value)}
          hasError={problem !== null}
          errorMessage={problem}
          isDisabled={add.isPending}
          className="add-child-form__multiplier"
        />
        <Button type="submit" isLoading={add.isPending} loadingText="Adding…" className="add-child-form__submit">
          Add account
        </Button>
      </Flex>
    </form>
  );
}
