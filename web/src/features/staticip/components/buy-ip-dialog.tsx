import { Flex, Radio, RadioGroupField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { IpVersion } from '@shared/contracts/ips';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useAttemptKey } from '@/lib/use-attempt-key';
import { useNow } from '@/lib/use-now';
import { usePurchaseStaticIp } from '../api/use-static-ip-actions';
import { IP_VERSION_NOTES, monthsText, rupeesText, versionRefusal, type HolderAccount } from '../ip-facts';
import { AccountPicker } from './account-picker';

/** What the buy dialog needs of getavailableips. */
export interface IpOffer {
  monthly_price_paise: number;
  periods_months: readonly number[];
  /** Only versions with a free address. */
  versions: readonly IpVersion[];
}

interface BuyIpDialogProps {
  offer: IpOffer;
  accounts: readonly HolderAccount[];
  onClose: () => void;
}

/**
 * Buys an address: version, period, auto-renew, an optional label and the accounts to bind, then a
 * confirmation with the price. The idempotency key is made when the dialog opens and stays while the
 * choice stays, so a retry after a lost answer is charged once.
 */
export function BuyIpDialog({ offer, accounts, onClose }: BuyIpDialogProps) {
  const purchase = usePurchaseStaticIp();
  const toast = useToast();
  const nowMs = useNow(60_000);
  const [version, setVersion] = useState<IpVersion>(offer.versions[0] ?? 'IPv4');
  const [months, setMonths] = useState(offer.periods_months[0] ?? 1);
  const [autoRenew, setAutoRenew] = useState(true);
  const [label, setLabel] = useState('');
  const [brokerIds, setBrokerIds] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const choice = { version, months, auto_renew: autoRenew, label: label.trim(), broker_ids: brokerIds };
  const idempotencyKey = useAttemptKey(JSON.stringify(choice), 'ip');
  const pricePaise = offer.monthly_price_paise * months;
  const isBusy = purchase.isPending;

  // Accounts that cannot take the new version are let go, so the purchase never asks for an impossible binding.
  const chooseVersion = (next: IpVersion) => {
    setVersion(next);
    setBrokerIds((ids) => ids.filter((id) => versionRefusal(next, accounts.find((account) => account.broker_id === id)?.broker ?? 'paper') === null));
  };
  const review = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const buy = () =>
    purchase.mutate(
      { ...choice, idempotency_key: idempotencyKey },
      {
        onSuccess: ({ ip, balance_paise }) => {
          toast.success(`You bought ${ip.address} until ${formatDisplayDate(ip.expires_at)}. ${rupeesText(balance_paise)} is left in your wallet.`);
          onClose();
        },
      },
    );

  return (
    <ModalDialog title="Buy a static IP" onClose={onClose} canClose={!isBusy}>
      {confirming ? (
        <Flex direction="column" gap="medium">
          <Text>
            Buy one {version} address for {monthsText(months)} for {rupeesText(pricePaise)} from your wallet?{' '}
            {autoRenew ? 'It renews from your wallet before it ends.' : 'It ends after the period.'}
          </Text>
          <DialogActions
            error={purchase.error}
            cancelLabel="Back"
            onCancel={() => setConfirming(false)}
            submitLabel={`Buy for ${rupeesText(pricePaise)}`}
            pendingLabel="Buying…"
            isPending={isBusy}
            onSubmit={buy}
          />
        </Flex>
      ) : (
        <form onSubmit={review} aria-label="Buy a static IP">
          <Flex direction="column" gap="medium">
            <RadioGroupField legend="IP version" name="version" value={version} onChange={(event) => chooseVersion(event.target.value as IpVersion)}>
              {offer.versions.map((option) => (
                <Radio key={option} value={option}>
                  {option}: {IP_VERSION_NOTES[option]}
                </Radio>
              ))}
            </RadioGroupField>
            <RadioGroupField legend="Period" name="months" value={String(months)} onChange={(event) => setMonths(Number(event.target.value))}>
              {offer.periods_months.map((option) => (
                <Radio key={option} value={String(option)}>
                  {monthsText(option)}: {rupeesText(offer.monthly_price_paise * option)}
                </Radio>
              ))}
            </RadioGroupField>
            <SwitchField label="Renew automatically from my wallet" labelPosition="end" isChecked={autoRenew} onChange={(event) => setAutoRenew(event.target.checked)} />
            <TextField label="Label (optional)" maxLength={40} value={label} onChange={(event) => setLabel(event.target.value)} />
            <AccountPicker legend="Accounts to send orders from it (optional)" accounts={accounts} chosen={brokerIds} onChange={setBrokerIds} nowMs={nowMs} version={version} />
            <DialogActions onCancel={onClose} submitLabel="Review" />
          </Flex>
        </form>
      )}
    </ModalDialog>
  );
}
