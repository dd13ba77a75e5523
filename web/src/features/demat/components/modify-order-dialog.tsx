import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import { ModifyOrderFormDialog } from '@/entities/order-ticket/components/modify-order-form-dialog';
import { STATUS_LABELS } from '@/entities/orders/order-labels';
import { useChangeOrder } from '../api/use-change-order';
import { modifiableRowOf } from '../modify-order-form';

interface ModifyOrderDialogProps {
  brokerId: string;
  row: AccountBookOrder;
  onClose: () => void;
}

/** Changes an open order's type, quantity, price or trigger; the fields are checked with the contract's schema first. */
export function ModifyOrderDialog({ brokerId, row, onClose }: ModifyOrderDialogProps) {
  const filled = row.filled_quantity > 0 ? `${row.filled_quantity} of ${row.quantity} units have filled. ` : '';
  const changeOrder = useChangeOrder();
  return (
    <ModifyOrderFormDialog
      title={`Modify ${row.action ?? ''} ${row.trading_symbol}`}
      note={`${filled}Tick ${row.tick_size ?? 'not reported'}.`}
      order={modifiableRowOf(brokerId, row)}
      mutation={changeOrder}
      variablesOf={(change) => ({ brokerId, row, change })}
      toastOf={(order) => ({ variation: 'success', message: `Order modified: ${order.trading_symbol} ${STATUS_LABELS[order.status].toLowerCase()}.` })}
      onClose={onClose}
    />
  );
}
