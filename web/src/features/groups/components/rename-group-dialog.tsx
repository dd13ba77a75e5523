import { groupNameField, type Group } from '@shared/contracts/groups';
import { RenameDialog } from '@/components/rename-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRenameGroup } from '../api/use-rename-group';

/** Renames a group; the name is checked with the contract's own field first. */
export function RenameGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const rename = useRenameGroup();
  const toast = useToast();
  return (
    <RenameDialog
      noun="group"
      currentName={group.grp_name}
      label="Group name"
      nameField={groupNameField}
      isPending={rename.isPending}
      error={rename.error}
      onClose={onClose}
      onRename={(name) =>
        rename.mutate(
          { grpId: group.grp_id, name },
          {
            onSuccess: (renamed) => {
              toast.success(`Group renamed to ${renamed.grp_name}.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
