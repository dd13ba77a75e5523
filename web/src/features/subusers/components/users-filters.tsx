import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { SUB_USER_STATUS_FILTERS } from '@shared/contracts/subusers';
import { ChoiceField, type Choice } from '@/components/choice-field';

export type StatusFilter = (typeof SUB_USER_STATUS_FILTERS)[number];

const STATUS_LABELS: Readonly<Record<StatusFilter, string>> = { all: 'All', active: 'Active', inactive: 'Inactive' };
const STATUS_CHOICES: readonly Choice<StatusFilter>[] = SUB_USER_STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

interface UsersFiltersProps {
  status: StatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
}

/** Search by name, email, mobile or id (sent on Search or Enter), and the status choice (applied at once). */
export function UsersFilters({ status, onSearch, onStatus }: UsersFiltersProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Find users">
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <TextField
          label="Search"
          placeholder="Name, email, mobile or id"
          value={text}
          maxLength={100}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
        <ChoiceField label="Status" name="status" value={status} choices={STATUS_CHOICES} onChange={onStatus} isDisabled={false} />
      </Flex>
    </form>
  );
}
