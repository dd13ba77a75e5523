import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { ONE_CLICK_CHANGES, type OneClickChange } from '@/entities/orders/order-book-actions';
import { useChangeOrder } from '../api/use-change-order';

interface OrderChangeDialogProps {
  brokerId: string;
  row: AccountBookOrder;
  action: OneClickChange;
  onClose: () => void;
}

/** Confirms, then cancels an open order or converts it to MARKET. */
export function OrderChangeDialog({ brokerId, row, action, onClose }: OrderChangeDialogProps) {
  const change = useChangeOrder();
  const toast = useToast();
  const style = ONE_CLICK_CHANGES[action];
  const confirm = () =>
    change.mutate(
      { brokerId, row, change: { action } },
      {
        onSuccess: (order) => {
          const refused = order.status === 'rejected' || order.status === 'failed';
          toast.show(refused ? 'error' : 'success', style.done(order));
          onClose();
        },
      },
    );
  return (
    <ConfirmActionDialog
      title={style.title}
      text={style.text(row)}
      confirmLabel={style.confirm}
      pendingLabel={style.pending}
      variation={action === 'cancel' ? 'destructive' : 'primary'}
      onConfirm={confirm}
      onClose={onClose}
      isPending={change.isPending}
      error={change.error}
    />
  );
}
