import { Alert, Text } from '@aws-amplify/ui-react';
import { orderMarginRequestSchema, type OrderMarginRequest } from '@shared/contracts/broker-trading';
import { hasFieldErrors } from '@/lib/field-errors';
import { formatMoneyExact } from '@/lib/format/money';
import { useOrderMargin } from '../api/use-order-margin';
import { orderFieldsBodyOf, orderRuleErrorsOf } from '../ticket-check';
import type { TicketScript } from '../ticket-script';
import type { TicketValues } from '../ticket-values';

interface TicketMarginProps {
  script: TicketScript;
  values: TicketValues;
  priceText: string;
  /** The account the ticket will go to ('' until one is chosen). */
  brokerId: string;
}

/** The margin request the ticket stands for, or null while it is incomplete or breaks an order rule. */
export function marginRequestOf({ script, values, priceText, brokerId }: TicketMarginProps): OrderMarginRequest | null {
  if (hasFieldErrors(orderRuleErrorsOf(values, priceText, script))) return null;
  const parsed = orderMarginRequestSchema.safeParse({ broker_id: brokerId, script_id: script.script_id, ...orderFieldsBodyOf(values, priceText, script) });
  return parsed.success ? parsed.data : null;
}

/** "Margin required ₹… · Available ₹…" for the ticket as it stands, and a warning when the account cannot cover it. */
export function TicketMargin(props: TicketMarginProps) {
  const request = marginRequestOf(props);
  const margin = useOrderMargin(request);
  if (request === null) {
    return (
      <Text variation="secondary" fontSize="small" data-testid="ticket-margin">
        Margin: fill in the order to see what it needs.
      </Text>
    );
  }
  if (margin.isError && !margin.data) {
    return (
      <Text variation="secondary" fontSize="small" data-testid="ticket-margin">
        Margin could not be read: {margin.error.message}
      </Text>
    );
  }
  const figures = margin.data;
  return (
    <>
      <Text fontSize="small" data-testid="ticket-margin" aria-busy={margin.isFetching}>
        Margin required {figures ? formatMoneyExact(figures.required) : '…'} · Available {figures ? formatMoneyExact(figures.available) : '…'}
      </Text>
      {figures && !figures.fits ? (
        <Alert variation="warning" role="alert" data-testid="ticket-margin-warning">
          Not enough funds for this order: {formatMoneyExact(figures.shortfall)} short. The broker is likely to reject it.
        </Alert>
      ) : null}
    </>
  );
}
