import { Alert, Flex, Link as AmplifyLink, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { Order } from '@shared/contracts/orders';
import { errorText } from '@/lib/error-text';
import { orderDetailsHref } from '@/entities/orders/components/order-table';
import { AMBIGUOUS_SEND_NOTE } from '../ambiguous-outcome';
import { orderSummary, outcomeMessage, outcomeVariation } from '../order-outcome';

interface TicketResultProps {
  placed: Order | null;
  failure: Error | null;
  isAmbiguous: boolean;
}

/** What became of the last submission: the order with its status (and the broker's reason), or why it was not sent. */
export function TicketResult({ placed, failure, isAmbiguous }: TicketResultProps) {
  if (placed) {
    return (
      <Alert variation={outcomeVariation(placed)} role="status" className="order-ticket__result" data-testid="ticket-result" data-status={placed.status}>
        <Flex direction="column" gap="xxs">
          <Text as="span">{outcomeMessage(placed)}</Text>
          <Text as="span" fontWeight="semibold">
            {orderSummary(placed)}
          </Text>
          <AmplifyLink as={Link} to={orderDetailsHref(placed.order_id)}>
            Order details
          </AmplifyLink>
        </Flex>
      </Alert>
    );
  }
  if (!failure) return null;
  return (
    <Alert variation={isAmbiguous ? 'warning' : 'error'} role="alert" className="order-ticket__result" data-testid="ticket-result">
      <Flex direction="column" gap="xxs">
        <Text as="span">{errorText(failure)}</Text>
        {isAmbiguous ? <Text as="span">{AMBIGUOUS_SEND_NOTE}</Text> : null}
      </Flex>
    </Alert>
  );
}
