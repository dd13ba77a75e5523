import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useTicketPrice } from '../hooks/use-ticket-price';
import { useTicketSubmit } from '../hooks/use-ticket-submit';
import type { PlaceTarget } from '../place-targets';
import type { TicketScript } from '../ticket-script';
import { initialTicketValues, type Action, type TicketValues } from '../ticket-values';
import { preferredAccountId, tradableAccounts } from '../tradable-accounts';
import { TicketAccountField } from './ticket-account-field';
import { TicketMargin } from './ticket-margin';
import { TicketOrderFields, type OrderFieldChange } from './ticket-order-fields';
import { TicketQuote } from './ticket-quote';
import { TicketResult } from './ticket-result';
import { TicketSubmitButton } from './ticket-submit-button';

export interface OrderTicketFormProps {
  script: TicketScript;
  target: PlaceTarget;
  /** The account to start on (the account page's own). */
  brokerId?: string | undefined;
  action?: Action | undefined;
  /** A price the opener already shows (a watch-list row's LTP), used until the fresh quote arrives. */
  ltpHint?: number | undefined;
  onClose: () => void;
}

/** The order ticket: account, side, product for the exchange, type, quantity in units or lots, prices on the tick. */
export function OrderTicketForm({ script, target, brokerId, action, ltpHint, onClose }: OrderTicketFormProps) {
  const accounts = useBrokerAccounts();
  const ticket = useTicketSubmit(script, target);
  const [values, setValues] = useState<TicketValues>(() => initialTicketValues(script, action));
  const { ltp, priceText } = useTicketPrice(script, values.price, ltpHint);

  const tradable = tradableAccounts(accounts.data ?? []);
  const chosenAccount = values.broker_id || preferredAccountId(tradable, brokerId);
  const isBusy = ticket.isPending;
  // A placed order locks the fields until the user asks for another.
  const isLocked = isBusy || ticket.isDone;

  const update = (patch: Partial<TicketValues>, field: keyof TicketValues) => {
    setValues((current) => ({ ...current, ...patch }));
    ticket.clearError(field);
  };
  const set: OrderFieldChange = (field, value) => update({ [field]: value }, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ticket.submit({ ...values, broker_id: chosenAccount }, priceText);
  };

  if (accounts.isPending) return <LoadingState label="Loading your accounts…" />;
  if (tradable.length === 0) {
    return (
      <Flex direction="column" gap="small">
        <Text>
          No account can take this order: connect one on the <Link to={paths.demat}>Demat page</Link> and turn its Trading switch on.
        </Text>
        <Flex justifyContent="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Order ticket" className="order-ticket" data-side={values.transaction_type}>
      <Flex direction="column" gap="medium">
        <TicketQuote script={script} ltp={ltp} />
        <div className="order-ticket__grid">
          <TicketAccountField
            accounts={tradable}
            value={chosenAccount}
            onChange={(id) => update({ broker_id: id }, 'broker_id')}
            errorMessage={ticket.errors.broker_id}
            isDisabled={isLocked}
          />
          <TicketOrderFields script={script} values={values} priceText={priceText} onChange={set} errors={ticket.errors} isDisabled={isLocked} />
        </div>
        <TicketMargin script={script} values={values} priceText={priceText} brokerId={chosenAccount} />
        <TicketResult placed={ticket.placed} failure={ticket.failure} isAmbiguous={ticket.isAmbiguous} />
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
