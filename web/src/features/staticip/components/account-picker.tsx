import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import type { IpVersion } from '@shared/contracts/ips';
import { isChangeBlocked, nextChangeText, versionRefusal, type HolderAccount } from '../ip-facts';

interface AccountPickerProps {
  legend: string;
  accounts: readonly HolderAccount[];
  chosen: readonly string[];
  onChange: (brokerIds: string[]) => void;
  nowMs: number;
  /** The address's version: an IPv4-only broker's account cannot take an IPv6 one. */
  version: IpVersion;
  /** The IP being moved: an account already on it says so instead of naming another address. */
  ipAddress?: string;
  isDisabled?: boolean;
}

/**
 * Checkboxes of the holder's broker accounts. An account whose IP changed within the last 7 days cannot
 * change again yet (the brokers' weekly rule): its box is locked as it is, with the date it frees up;
 * an account of a broker that needs IPv4 cannot be chosen for an IPv6 address.
 */
export function AccountPicker({ legend, accounts, chosen, onChange, nowMs, version, ipAddress, isDisabled = false }: AccountPickerProps) {
  const toggle = (brokerId: string, on: boolean) => onChange(on ? [...chosen, brokerId] : chosen.filter((id) => id !== brokerId));
  return (
    <fieldset className="static-ip-picker">
      <legend>{legend}</legend>
      {accounts.length === 0 ? <Text variation="secondary">You have no broker accounts to bind.</Text> : null}
      <Flex direction="column" gap="xs">
        {accounts.map((account) => {
          const blockedUntil = isChangeBlocked(account.next_change_at, nowMs) ? account.next_change_at : null;
          const refusal = versionRefusal(version, account.broker);
          return (
            <CheckboxField
              key={account.broker_id}
              name="broker_ids"
              value={account.broker_id}
              label={`${account.broker_combined_name}${accountNote(account, ipAddress, blockedUntil, refusal)}`}
              checked={chosen.includes(account.broker_id)}
              isDisabled={isDisabled || blockedUntil !== null || (refusal !== null && !chosen.includes(account.broker_id))}
              onChange={(event) => toggle(account.broker_id, event.target.checked)}
            />
          );
        })}
      </Flex>
    </fieldset>
  );
}

function accountNote(account: HolderAccount, ipAddress: string | undefined, blockedUntil: string | null, refusal: string | null): string {
  const notes: string[] = refusal ? [refusal] : [];
  if (account.current_address && account.current_address !== ipAddress) notes.push(`now on ${account.current_address}`);
  if (blockedUntil) notes.push(nextChangeText(blockedUntil));
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}
