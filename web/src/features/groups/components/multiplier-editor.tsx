import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { GroupBroker } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { multiplierLabel, readMultiplier } from '@/entities/multiplier/multiplier-text';
import { errorText } from '@/lib/error-text';
import { useUpdateMultiplier } from '../api/use-update-multiplier';

/** A child's multiplier, edited in place; Save appears once it differs and sends it for the group's next orders. */
export function MultiplierEditor({ child, isLabelHidden = false }: { child: GroupBroker; isLabelHidden?: boolean }) {
  const update = useUpdateMultiplier();
  const toast = useToast();
  const [text, setText] = useState(String(child.multiplier));
  const [problem, setProblem] = useState<string | null>(null);
  const isChanged = text.trim() !== String(child.multiplier);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = readMultiplier(text);
    setProblem(read.problem);
    if (read.value === null || update.isPending) return;
    update.mutate(
      { child, multiplier: read.value },
      {
        onSuccess: (saved) => {
          setText(String(saved.multiplier));
          toast.success(`${saved.broker_combined_name} now trades ${multiplierLabel(saved.multiplier)} the group's quantity.`);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label={`Change the multiplier of ${child.broker_combined_name}`}>
      <Flex gap="xs" alignItems="flex-start">
        <TextField
          label={isLabelHidden ? `Multiplier of ${child.broker_combined_name}` : 'Multiplier'}
          labelHidden={isLabelHidden}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          hasError={problem !== null}
          errorMessage={problem}
          isDisabled={update.isPending}
          className="multiplier-editor__input"
        />
        {isChanged ? (
          <Button type="submit" size="small" isLoading={update.isPending} loadingText="Saving…">
            Save
          </Button>
        ) : null}
      </Flex>
    </form>
  );
}
