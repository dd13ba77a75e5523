import type { UpdateOrderRequest } from '../../shared/contracts/orders';
import type { OrderChangeCommand } from './change-order';

/** The use-case's command from an updateorder / updatebrokerorder body. */
export function changeCommandOf(body: Pick<UpdateOrderRequest, 'action' | 'order_type' | 'quantity' | 'price' | 'trigger_price'>): OrderChangeCommand {
  return { action: body.action, orderType: body.order_type, quantity: body.quantity, price: body.price, triggerPrice: body.trigger_price };
}
