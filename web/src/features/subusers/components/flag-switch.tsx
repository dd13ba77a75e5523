import { SwitchField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { SUB_USER_FLAGS, useFlipSubUserFlag, type SubUserFlag } from '../api/use-sub-user-flags';
import { subUserName } from '@/entities/sub-users/sub-user-name';

/**
 * One permission of one sub-user as a switch: it moves at once, goes back if the server refuses, and
 * the refusal is shown as a toast. The column header names the permission; the label is read out only.
 */
export function FlagSwitch({ user, flag }: { user: SubUser; flag: SubUserFlag }) {
  const flip = useFlipSubUserFlag();
  const toast = useToast();
  return (
    <SwitchField
      label={`${SUB_USER_FLAGS[flag].label} for ${subUserName(user)}`}
      isLabelHidden
      size="small"
      isChecked={user[flag]}
      isDisabled={flip.isPending}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        flip.mutate({ subUserId: user.user_id, flag, allowed: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
      }
    />
  );
}
