import { groupNameField } from '@shared/contracts/groups';
import { AddByNameForm } from '@/components/add-by-name-form';
import { useToast } from '@/components/toast/use-toast';
import { useAddGroup } from '../api/use-add-group';

/** Adds a group by name; it starts with no accounts and trading off. */
export function AddGroupForm() {
  const add = useAddGroup();
  const toast = useToast();
  return (
    <AddByNameForm
      formLabel="Add group"
      label="New group name"
      placeholder="e.g. Nifty options"
      submitText="Add group"
      fieldClassName="add-group-form__name"
      submitClassName="add-group-form__submit"
      nameField={groupNameField}
      add={add}
      onAdded={(group) => toast.success(`Group ${group.grp_name} added. Add accounts to it, then turn its Trading on.`)}
    />
  );
}
