import { Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { IP_CHANGE_INTERVAL_DAYS, type StaticIp } from '@shared/contracts/ips';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useNow } from '@/lib/use-now';
import { useUpdateStaticIp } from '../api/use-static-ip-actions';
import type { HolderAccount } from '../ip-facts';
import { AccountPicker } from './account-picker';

interface MoveIpDialogProps {
  ip: StaticIp;
  accounts: readonly HolderAccount[];
  onClose: () => void;
}

/** Chooses which of the holder's accounts send their orders from this IP (each account's IP changes at most once per 7 days). */
export function MoveIpDialog({ ip, accounts, onClose }: MoveIpDialogProps) {
  const update = useUpdateStaticIp();
  const toast = useToast();
  const nowMs = useNow(60_000);
  const [chosen, setChosen] = useState<string[]>(() => ip.accounts.map((account) => account.broker_id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { ip_id: ip.ip_id, broker_ids: chosen },
      {
        onSuccess: () => {
          toast.success(`The accounts using ${ip.address} are saved.`);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Move ${ip.address}`} onClose={onClose} canClose={!update.isPending}>
      <form onSubmit={save} aria-label={`Accounts using ${ip.address}`}>
        <Flex direction="column" gap="medium">
          <Text variation="secondary">
            Brokers let an account&apos;s IP change at most once every {IP_CHANGE_INTERVAL_DAYS} days. An account moved from another IP
            stops using that one.
          </Text>
          <AccountPicker
            legend="Accounts that send orders from this IP"
            accounts={accounts}
            chosen={chosen}
            onChange={setChosen}
            nowMs={nowMs}
            version={ip.version}
            ipAddress={ip.address}
            isDisabled={update.isPending}
          />
          <DialogActions error={update.error} onCancel={onClose} submitLabel="Save" pendingLabel="Saving…" isPending={update.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
