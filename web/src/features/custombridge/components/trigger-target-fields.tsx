import { SIGNAL_TARGET_KINDS, type SignalTargetKind } from '@shared/contracts/signal-targets';
import { ChoiceField, type Choice } from '@/components/choice-field';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import type { TriggerFieldsProps } from './trigger-field-change';

const TARGET_KIND_CHOICES: readonly Choice<SignalTargetKind>[] = SIGNAL_TARGET_KINDS.map((kind) => ({
  value: kind,
  label: kind === 'account' ? 'One broker account' : 'A copy-trading group (each trading account at its multiplier)',
}));

/** Where the trigger's orders go: one of the caller's accounts, or one of their groups. */
export function TriggerTargetFields({ values, onChange, errors, isDisabled }: TriggerFieldsProps) {
  const accounts = useBrokerAccounts();
  const groups = useGroupNames();
  const targets: Choice<string>[] =
    values.target_kind === 'account'
      ? (accounts.data ?? []).map((account) => ({ value: account.broker_id, label: account.broker_combined_name }))
      : (groups.data ?? []).map((group) => ({ value: group.grp_id, label: group.grp_name }));
  const placeholder = { value: '', label: values.target_kind === 'account' ? 'Choose an account' : 'Choose a group' };
  return (
    <>
      <ChoiceField
        label="Trades on"
        name="target_kind"
        value={values.target_kind}
        choices={TARGET_KIND_CHOICES}
        onChange={(kind) => {
          onChange('target_kind', kind);
          onChange('target_id', '');
        }}
        isDisabled={isDisabled}
      />
      <ChoiceField
        label={values.target_kind === 'account' ? 'Account' : 'Group'}
        name="target_id"
        value={values.target_id}
        choices={[placeholder, ...targets]}
        onChange={(id) => onChange('target_id', id)}
        errorMessage={errors.target_id ?? errors.target_kind}
        isDisabled={isDisabled}
      />
    </>
  );
}
