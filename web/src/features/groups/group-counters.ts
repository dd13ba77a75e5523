import type { GroupOrderCounter } from '@shared/contracts/groups';

/** The order counters of spec §3 as a group shows them, in this order (quantities are units). */
export const ORDER_COUNTER_LABELS: Readonly<Record<GroupOrderCounter, string>> = {
  total_orders: 'Orders',
  total_quantity: 'Total qty',
  completed_quantity: 'Completed qty',
  pending_quantity: 'Pending qty',
  rejected_quantity: 'Rejected qty',
  failed_quantity: 'Failed qty',
  cancelled_quantity: 'Cancelled qty',
};

export const ORDER_COUNTERS = Object.keys(ORDER_COUNTER_LABELS).filter((name): name is GroupOrderCounter => name in ORDER_COUNTER_LABELS);
