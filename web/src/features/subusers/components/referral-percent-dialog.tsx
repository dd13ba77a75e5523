import { Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { referralPercentField, type SubUser } from '@shared/contracts/subusers';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useUpdateReferPercent } from '../api/use-sub-user-flags';
import { subUserName } from '@/entities/sub-users/sub-user-name';
import { percentText } from '../sub-user-words';

/** The typed text as a percent checked by the contract's own field, or the message that stops it. */
function parsePercent(text: string): { percent: number } | { problem: string } {
  if (text.trim() === '' || Number.isNaN(Number(text))) return { problem: 'Enter the referral percent, for example 12.50.' };
  const parsed = referralPercentField.safeParse(Number(text));
  return parsed.success ? { percent: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'Enter a valid percent.' };
}

/** Changes what one sub-user earns of its referred users' payments (0–100, two decimals). */
export function ReferralPercentDialog({ user, onClose }: { user: SubUser; onClose: () => void }) {
  const update = useUpdateReferPercent();
  const toast = useToast();
  const [text, setText] = useState(String(user.referral_percent));
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePercent(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(undefined);
    update.mutate(
      { subUserId: user.user_id, percent: parsed.percent },
      {
        onSuccess: ({ sub_user }) => {
          toast.success(`Referral percent of ${subUserName(sub_user)} set to ${percentText(sub_user.referral_percent)}.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Referral percent of ${subUserName(user)}`} onClose={onClose} canClose={!update.isPending}>
      <form onSubmit={submit} noValidate aria-label="Change the referral percent">
        <Flex direction="column" gap="medium">
          <TextField
            label="Referral percent"
            descriptiveText="Applies to payments confirmed from now on."
            inputMode="decimal"
            value={text}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
            hasError={Boolean(problem)}
            errorMessage={problem}
            isDisabled={update.isPending}
          />
          <DialogActions error={update.error} onCancel={onClose} submitLabel="Save" pendingLabel="Saving…" isPending={update.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
