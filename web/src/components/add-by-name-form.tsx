import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type * as z from 'zod';
import { errorText } from '../lib/error-text';

export interface AddByNameFormProps<Item> {
  /** The form's accessible name ("Add bridge"). */
  readonly formLabel: string;
  /** The field's label ("New bridge name"). */
  readonly label: string;
  readonly placeholder: string;
  /** The submit button's text ("Add bridge"). */
  readonly submitText: string;
  /** Each feature styles its own field and button (kept as full class names so they can be searched for). */
  readonly fieldClassName: string;
  readonly submitClassName: string;
  /** The contract's own name field: the name is checked with it before anything is sent. */
  readonly nameField: z.ZodType<string>;
  /** Creates the item from the checked name. */
  readonly add: UseMutationResult<Item, Error, string>;
  /** Runs once the item exists, after the field is cleared (e.g. a toast, a dialog with its webhook URL). */
  readonly onAdded: (item: Item) => void;
}

/** One "add by name" form for every named thing (groups, bridges): the same checks, pending state and error under the field. */
export function AddByNameForm<Item>({ formLabel, label, placeholder, submitText, fieldClassName, submitClassName, nameField, add, onAdded }: AddByNameFormProps<Item>) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameField.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success || add.isPending) return;
    add.mutate(parsed.data, {
      onSuccess: (item) => {
        setName('');
        onAdded(item);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Flex gap="small" alignItems="flex-start" wrap="wrap">
        <TextField
          label={label}
          placeholder={placeholder}
          value={name}
          onChange={(event) => setName(event.target.value)}
          hasError={problem !== null}
          errorMessage={problem}
          isDisabled={add.isPending}
          className={fieldClassName}
        />
        <Button type="submit" variation="primary" isLoading={add.isPending} loadingText="Adding…" className={submitClassName}>
          {submitText}
        </Button>
      </Flex>
    </form>
  );
}
