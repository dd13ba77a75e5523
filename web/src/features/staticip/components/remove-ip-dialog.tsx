import type { StaticIp } from '@shared/contracts/ips';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRemoveStaticIp } from '../api/use-static-ip-actions';

/** Asks before giving an IP up: its accounts stop using it, it goes to quarantine, and nothing is refunded. */
export function RemoveIpDialog({ ip, onClose }: { ip: StaticIp; onClose: () => void }) {
  const remove = useRemoveStaticIp();
  const toast = useToast();
  const accounts = ip.accounts.length;
  const accountsText = accounts === 0 ? '' : ` The ${accounts === 1 ? 'account' : `${accounts} accounts`} using it will send orders without a static IP.`;
  return (
    <ConfirmActionDialog
      title={`Remove ${ip.address}?`}
      text={`${ip.address} goes to quarantine, no refund.${accountsText}`}
      confirmLabel="Remove"
      pendingLabel="Removing…"
      isPending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(ip.ip_id, {
          onSuccess: () => {
            toast.success(`${ip.address} is removed.`);
            onClose();
          },
        })
      }
    />
  );
}
