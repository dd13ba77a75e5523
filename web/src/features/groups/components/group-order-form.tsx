import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker, GroupOrderFanOut } from '@shared/contracts/groups';
import { tradedLotSize } from '@shared/domain/instruments';
import type { OrderFieldChange } from '@/entities/order-ticket/components/ticket-order-fields';
import { TicketOrderFields } from '@/entities/order-ticket/components/ticket-order-fields';
import { TicketQuote } from '@/entities/order-ticket/components/ticket-quote';
import { TicketResult } from '@/entities/order-ticket/components/ticket-result';
import { TicketSubmitButton } from '@/entities/order-ticket/components/ticket-submit-button';
import { useTicketPrice } from '@/entities/order-ticket/hooks/use-ticket-price';
import { amountOf } from '@/entities/order-ticket/order-price-rules';
import type { TicketScript } from '@/entities/order-ticket/ticket-script';
import { initialOrderFieldValues, type OrderFieldValues } from '@/entities/order-ticket/ticket-values';
import { quantityUnitOf, unitsOf } from '@/entities/orders/lot-quantity';
import { useGroupTicketSubmit } from '../hooks/use-group-ticket-submit';
import { previewRows } from '../quantity-preview';
import { FanOutResult } from './fan-out-result';
import { QuantityPreviewTable } from './quantity-preview-table';

export interface GroupOrderFormProps {
  script: TicketScript;
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
  onClose: () => void;
  onPlaced: (fanOut: GroupOrderFanOut) => void;
}

/**
 * The group's order ticket: the account ticket's order fields with the group in place of the account,
 * a live preview of what each account gets, and after placing, each account's outcome.
 */
export function GroupOrderForm({ script, group, childAccounts, accounts, onClose, onPlaced }: GroupOrderFormProps) {
  const ticket = useGroupTicketSubmit(script, group.grp_id, onPlaced);
  const [values, setValues] = useState<OrderFieldValues>(() => initialOrderFieldValues(script));
  const { ltp, priceText } = useTicketPrice(script, values.price);
  const unit = quantityUnitOf(script);
  const entered = amountOf(values.quantity);
  const rows = previewRows({
    group,
    children: childAccounts,
    accounts,
    masterQuantity: entered === undefined ? undefined : unitsOf(entered, unit),
    lotSize: tradedLotSize(script),
  });
  const isBusy = ticket.isPending;
  // A placed group order locks the fields until the user asks for another.
  const isLocked = isBusy || ticket.isDone;

  const set: OrderFieldChange = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    ticket.clearError(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ticket.submit(values, priceText);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Group order ticket" className="order-ticket" data-side={values.transaction_type}>
      <Flex direction="column" gap="medium">
        <TicketQuote script={script} ltp={ltp} />
        <div className="order-ticket__grid">
          <TextField label="Group" value={group.grp_name} isReadOnly className="order-ticket__wide" />
          <TicketOrderFields script={script} values={values} priceText={priceText} onChange={set} errors={ticket.errors} isDisabled={isLocked} />
        </div>
        <QuantityPreviewTable rows={rows} unit={unit} />
        {ticket.placed ? <FanOutResult fanOut={ticket.placed} /> : <TicketResult placed={null} failure={ticket.failure} isAmbiguous={ticket.isAmbiguous} />}
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onClose} isDisabled={isBusy}>
            Close
          </Button>
          <TicketSubmitButton action={values.transaction_type} isBusy={isBusy} isDone={ticket.isDone} onPlaceAnother={ticket.placeAnother} />
        </Flex>
      </Flex>
    </form>
  );
}
