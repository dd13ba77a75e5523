import { Button, Flex } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { DeleteGroupDialog } from './delete-group-dialog';
import { RenameGroupDialog } from './rename-group-dialog';

/** Rename and Delete for one group, each opening its dialog in the page's slot. */
export function GroupActions({ group, dialogs, onDeleted }: { group: Group; dialogs: DialogSlot; onDeleted?: () => void }) {
  return (
    <Flex gap="xs" wrap="wrap">
      <Button size="small" aria-label={`Rename ${group.grp_name}`} onClick={() => dialogs.open(<RenameGroupDialog group={group} onClose={dialogs.close} />)}>
        Rename
      </Button>
      <Button
        size="small"
        variation="destructive"
        aria-label={`Delete ${group.grp_name}`}
        onClick={() => dialogs.open(<DeleteGroupDialog group={group} onClose={dialogs.close} onDeleted={onDeleted} />)}
      >
        Delete
      </Button>
    </Flex>
  );
}
