import { Button, Flex, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { ChoiceField } from '@/components/choice-field';
import { DialogActions } from '@/components/dialog-actions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { readMultiplier } from '@/entities/multiplier/multiplier-text';
import { offeredPlans, planChoiceText } from '@/entities/strategy-plans/plan-text';
import { subUserNameOrEmail } from '@/entities/sub-users/sub-user-name';
import { useSubscriberAccounts } from '../api/use-add-subscriber';
import { useStrategyPlans } from '../api/use-strategy-reads';
import { fieldErrorsOfFailure } from './field-errors-of';

/** What the owner chose for the sub-user's subscription, read and checked. */
export interface SubscriberTerms {
  broker_id: string;
  plan_id: string;
  multiplier: number;
  auto_renew: boolean;
}

interface SubscriberTermsFormProps {
  groupId: string;
  subUser: SubUser;
  isPending: boolean;
  /** The last failed add: its field messages go beside the fields, anything else above the buttons. */
  error: Error | null;
  onAdd: (terms: SubscriberTerms) => void;
  onCancel: () => void;
}

const SHOWN_FIELDS = ['broker_id', 'plan_id', 'multiplier'] as const;

/** The sub-user's account (connected, not in the strategy yet), an offered plan, the multiplier and auto-renew. */
export function SubscriberTermsForm({ groupId, subUser, isPending, error, onAdd, onCancel }: SubscriberTermsFormProps) {
  const accounts = useSubscriberAccounts(groupId, subUser.user_id);
  const plans = useStrategyPlans(groupId);
  const [chosenAccount, setChosenAccount] = useState('');
  const [chosenPlan, setChosenPlan] = useState('');
  const [multiplierText, setMultiplierText] = useState('1');
  const [autoRenew, setAutoRenew] = useState(false);
  const [multiplierProblem, setMultiplierProblem] = useState<string | null>(null);
  const name = subUserNameOrEmail(subUser);

  if (accounts.isPending || plans.isPending) return <LoadingState label={`Loading ${name}'s accounts and the plans…`} />;
  if (accounts.isError) return <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} />;
  if (plans.isError) return <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />;

  const accountItems = accounts.data.items;
  const planItems = offeredPlans(plans.data);
  const cannotAdd =
    accountItems.length === 0
      ? `${name} has no connected account to add: an account shows here once it is connected and not in this strategy already.`
      : planItems.length === 0
        ? 'This strategy offers no plan now. Add one on the PLANS tab first.'
        : null;
  if (cannotAdd) {
    return (
      <Flex direction="column" gap="medium">
        <Text>{cannotAdd}</Text>
        <Flex justifyContent="flex-end">
          <Button onClick={onCancel}>Close</Button>
        </Flex>
      </Flex>
    );
  }

  const brokerId = chosenAccount || accountItems[0]?.broker_id || '';
  const planId = chosenPlan || planItems[0]?.plan_id || '';
  const serverErrors = fieldErrorsOfFailure(error);
  const formError = error && !SHOWN_FIELDS.some((field) => serverErrors[field]) ? error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const multiplier = readMultiplier(multiplierText);
    setMultiplierProblem(multiplier.problem);
    if (multiplier.value === null) return;
    onAdd({ broker_id: brokerId, plan_id: planId, multiplier: multiplier.value, auto_renew: autoRenew });
  };

  return (
    <form onSubmit={submit} aria-label={`Add ${name}`} noValidate>
      <Flex direction="column" gap="medium">
        <ChoiceField
          label="Account"
          name="broker_id"
          value={brokerId}
          choices={accountItems.map((account) => ({ value: account.broker_id, label: account.account_name }))}
          onChange={setChosenAccount}
          descriptiveText={`${name}'s connected account that copies the strategy's orders.`}
          errorMessage={serverErrors.broker_id}
          isDisabled={isPending}
        />
        <ChoiceField
          label="Plan"
          name="plan_id"
          value={planId}
          choices={planItems.map((plan) => ({ value: plan.plan_id, label: planChoiceText(plan) }))}
          onChange={setChosenPlan}
          descriptiveText="The subscription runs for the plan's period."
          errorMessage={serverErrors.plan_id}
          isDisabled={isPending}
        />
        <TextField
          label="Multiplier"
          name="multiplier"
          inputMode="decimal"
          descriptiveText="1 copies the master's quantity, 2 twice it, 0.5 half of it (rounded down)."
          value={multiplierText}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setMultiplierText(event.target.value)}
          hasError={Boolean(multiplierProblem ?? serverErrors.multiplier)}
          errorMessage={multiplierProblem ?? serverErrors.multiplier}
          isDisabled={isPending}
        />
        <SwitchField
          label="Renew at the end of each period (also free)"
          labelPosition="end"
          isChecked={autoRenew}
          isDisabled={isPending}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setAutoRenew(event.target.checked)}
        />
        <DialogActions error={formError} onCancel={onCancel} submitLabel={`Add ${name}`} pendingLabel="Adding…" isPending={isPending} />
      </Flex>
    </form>
  );
}
