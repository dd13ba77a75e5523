import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_SWITCHES, type AccountSwitchName } from '../account-switches';
import { useStoreAccount } from './account-cache';

interface SwitchChange {
  brokerId: string;
  name: AccountSwitchName;
  on: boolean;
}

/** Turns one of an account's switches (trading, auto-renew) on or off and stores the answered account. */
export function useFlipAccountSwitch() {
  const storeAccount = useStoreAccount();
  return useMutation({
    mutationFn: ({ brokerId, name, on }: SwitchChange) => ACCOUNT_SWITCHES[name].send(brokerId, on),
    onSuccess: storeAccount,
  });
}
