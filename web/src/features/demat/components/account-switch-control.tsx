import { SwitchField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useFlipAccountSwitch } from '../api/use-flip-account-switch';
import { ACCOUNT_SWITCHES, type AccountSwitchName } from '../account-switches';

interface AccountSwitchControlProps {
  account: BrokerAccount;
  name: AccountSwitchName;
  /** In the table the column header names the switch, so its label is only read out. */
  isLabelHidden?: boolean;
}

/** One of an account's switches; a change goes to the server at once and the answer is shown. */
export function AccountSwitchControl({ account, name, isLabelHidden = false }: AccountSwitchControlProps) {
  const flip = useFlipAccountSwitch();
  const toast = useToast();
  const accountSwitch = ACCOUNT_SWITCHES[name];
  return (
    <SwitchField
      label={accountSwitch.label}
      isLabelHidden={isLabelHidden}
      size="small"
      labelPosition="end"
      isChecked={accountSwitch.isOn(account)}
      isDisabled={flip.isPending || account.status === 'deleted'}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        flip.mutate({ brokerId: account.broker_id, name, on: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
      }
    />
  );
}
