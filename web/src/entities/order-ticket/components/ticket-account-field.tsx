import { SelectField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';

interface TicketAccountFieldProps {
  accounts: readonly BrokerAccount[];
  value: string;
  onChange: (brokerId: string) => void;
  errorMessage: string | undefined;
  isDisabled: boolean;
}

/** The connected, trading accounts the order can go to. */
export function TicketAccountField({ accounts, value, onChange, errorMessage, isDisabled }: TicketAccountFieldProps) {
  return (
    <SelectField
      label="Account"
      name="broker_id"
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      className="order-ticket__wide"
    >
      {accounts.map((account) => (
        <option key={account.broker_id} value={account.broker_id}>
          {account.broker_combined_name}
        </option>
      ))}
    </SelectField>
  );
}
