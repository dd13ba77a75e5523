import { Text } from '@aws-amplify/ui-react';
import { formatPrice } from '@/entities/orders/order-labels';
import type { TicketScript } from '../ticket-script';

/** The line above a ticket's fields: exchange, LTP (… until quoted), tick and lot. */
export function TicketQuote({ script, ltp }: { script: TicketScript; ltp: number | undefined }) {
  return (
    <Text variation="secondary" fontSize="small" data-testid="ticket-quote">
      {script.exchange} · LTP {ltp === undefined ? '…' : formatPrice(ltp)} · tick {script.tick_size} · lot {script.lot_size}
    </Text>
  );
}
