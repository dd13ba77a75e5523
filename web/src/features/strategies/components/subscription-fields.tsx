import { Flex, SwitchField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { ChoiceField } from '@/components/choice-field';
import { accountText } from '../subscription-words';

/** What the user chooses for a subscription, as typed (the multiplier is read with the contract's rule on submit). */
export interface SubscriptionChoice {
  brokerId: string;
  multiplierText: string;
  autoRenew: boolean;
}

/** The choice once read and checked: what the review shows and the request sends. */
export interface ReadChoice {
  brokerId: string;
  multiplier: number;
  autoRenew: boolean;
}

interface SubscriptionFieldsProps {
  accounts: readonly BrokerAccount[];
  choice: SubscriptionChoice;
  onChange: (choice: SubscriptionChoice) => void;
  errors: { broker_id?: string | undefined; multiplier?: string | undefined };
  isDisabled: boolean;
}

/** Account, multiplier and auto-renew: the same three fields when subscribing and when changing a subscription. */
export function SubscriptionFields({ accounts, choice, onChange, errors, isDisabled }: SubscriptionFieldsProps) {
  return (
    <Flex direction="column" gap="medium">
      <ChoiceField
        label="Account"
        name="broker_id"
        value={choice.brokerId}
        choices={accounts.map((account) => ({ value: account.broker_id, label: accountText(account) }))}
        onChange={(brokerId) => onChange({ ...choice, brokerId })}
        descriptiveText="The connected account that copies the strategy's orders."
        errorMessage={errors.broker_id}
        isDisabled={isDisabled}
      />
      <TextField
        label="Multiplier"
        name="multiplier"
        inputMode="decimal"
        descriptiveText="1 copies the master's quantity, 2 twice it, 0.5 half of it (rounded down)."
        value={choice.multiplierText}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ ...choice, multiplierText: event.target.value })}
        hasError={Boolean(errors.multiplier)}
        errorMessage={errors.multiplier}
        isDisabled={isDisabled}
      />
      <SwitchField
        label="Renew automatically from my wallet"
        labelPosition="end"
        isChecked={choice.autoRenew}
        isDisabled={isDisabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ ...choice, autoRenew: event.target.checked })}
      />
    </Flex>
  );
}
