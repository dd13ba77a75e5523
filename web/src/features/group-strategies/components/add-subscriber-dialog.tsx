import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { subUserNameOrEmail } from '@/entities/sub-users/sub-user-name';
import { formatDisplayDate } from '@/lib/format/date-time';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useAddSubscriber } from '../api/use-add-subscriber';
import { SubUserChoice } from './sub-user-choice';
import { SubscriberTermsForm, type SubscriberTerms } from './subscriber-terms-form';

export const FREE_ADD_TEXT = "Adding a sub-user is free: nothing is taken from its wallet or yours, so settle any price for the strategy with it yourself.";

/**
 * USERS tab, Add a sub-user: the owner picks one of its sub-users, that sub-user's connected account,
 * a plan, the multiplier and auto-renew; the account joins the strategy at once. The idempotency key
 * lives as long as the dialog, so a retry after a lost answer adds the sub-user once.
 */
export function AddSubscriberDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const add = useAddSubscriber(groupId);
  const toast = useToast();
  const [idempotencyKey] = useState(() => newIdempotencyKey('owner-add'));
  const [chosen, setChosen] = useState<SubUser | null>(null);

  const choose = (subUser: SubUser) => {
    // Another sub-user: an old failure no longer speaks for the choice.
    add.reset();
    setChosen(subUser);
  };
  const save = (subUser: SubUser, terms: SubscriberTerms) =>
    add.mutate(
      { group_id: groupId, sub_user_id: subUser.user_id, ...terms, idempotency_key: idempotencyKey },
      {
        onSuccess: ({ subscription }) => {
          toast.success(`${subUserNameOrEmail(subUser)} follows ${subscription.strategy_name} until ${formatDisplayDate(subscription.until)}.`);
          onClose();
        },
      },
    );

  return (
    <ModalDialog title="Add a sub-user" onClose={onClose} canClose={!add.isPending}>
      <Flex direction="column" gap="medium">
        <Text variation="secondary">{FREE_ADD_TEXT}</Text>
        <SubUserChoice chosen={chosen} onChoose={choose} isDisabled={add.isPending} />
        {chosen ? (
          <SubscriberTermsForm
            key={chosen.user_id}
            groupId={groupId}
            subUser={chosen}
            isPending={add.isPending}
            error={add.error}
            onAdd={(terms) => save(chosen, terms)}
            onCancel={onClose}
          />
        ) : (
          <Flex justifyContent="flex-end">
            <Button onClick={onClose}>Cancel</Button>
          </Flex>
        )}
      </Flex>
    </ModalDialog>
  );
}
