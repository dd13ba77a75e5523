import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_TYPES } from '../../../../../shared/domain/ranges';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useBrokerAccounts } from '../../demat/api/use-broker-accounts';
import { formatPrice } from '../../orders/order-labels';
import { useScriptLtp } from '../api/use-script-ltp';
import { quantityUnitOf } from '../lot-quantity';
import { useTicketSubmit } from '../hooks/use-ticket-submit';
import type { PlaceTarget } from '../place-targets';
import { PRODUCT_LABELS, productsFor } from '../product-exchanges';
import { priceInputText, roundToTick } from '../tick-price';
import { preferredAccountId, tradableAccounts } from '../tradable-accounts';
import type { TicketScript } from '../ticket-script';
import { initialTicketValues, PRICE_FIELDS_BY_TYPE, type Action, type OrderType, type TicketValues } from '../ticket-values';
import { TicketAccountField } from './ticket-account-field';
import { TicketPriceField } from './ticket-price-field';
import { TicketQuantityField } from './ticket-quantity-field';
import { TicketResult } from './ticket-result';
import { TicketSideField } from './ticket-side-field';

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

const ORDER_TYPE_LABELS: Readonly<Record<OrderType, string>> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  SL: 'Stop-loss limit (SL)',
};

const isOrderType = (value: string): value is OrderType => ORDER_TYPES.some((type) => type === value);

/** The order ticket: account, side, product for the exchange, type, quantity in units or lots, prices on the tick. */
export function OrderTicketForm({ script, target, brokerId, action, ltpHint, onClose }: OrderTicketFormProps) {
  const accounts = useBrokerAccounts();
  const quote = useScriptLtp(script.script_id);
  const ticket = useTicketSubmit(script, target);
  const [values, setValues] = useState<TicketValues>(() => initialTicketValues(script, action));

  const tradable = tradableAccounts(accounts.data ?? []);
  const chosenAccount = values.broker_id || preferredAccountId(tradable, brokerId);
  const ltp = quote.data?.ltp ?? ltpHint;
  const priceText = values.price ?? (ltp === undefined ? '' : priceInputText(roundToTick(ltp, script.tick_size), script.tick_size));
  const fields = PRICE_FIELDS_BY_TYPE[values.order_type];
  const products = productsFor(script.exchange);
  const isBusy = ticket.isPending;

  const set = <Field extends keyof TicketValues>(field: Field, value: TicketValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    ticket.clearError(field);
  };

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
        <Text variation="secondary" fontSize="small" data-testid="ticket-quote">
          {script.exchange} · LTP {ltp === undefined ? '…' : formatPrice(ltp)} · tick {script.tick_size} · lot {script.lot_size}
        </Text>
        <div className="order-ticket__grid">
          <TicketAccountField
            accounts={tradable}
            value={chosenAccount}
            onChange={(id) => set('broker_id', id)}
            errorMessage={ticket.errors.broker_id}
            isDisabled={isBusy}
          />
          <TicketSideField value={values.transaction_type} onChange={(side) => set('transaction_type', side)} isDisabled={isBusy} />
          <SelectField
            label="Product"
            name="product"
            value={values.product}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              const product = products.find((offered) => offered === event.target.value);
              if (product) set('product', product);
            }}
            hasError={Boolean(ticket.errors.product)}
            errorMessage={ticket.errors.product}
            isDisabled={isBusy}
          >
            {products.map((product) => (
              <option key={product} value={product}>
                {PRODUCT_LABELS[product]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Order type"
            name="order_type"
            value={values.order_type}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              if (isOrderType(event.target.value)) set('order_type', event.target.value);
            }}
            isDisabled={isBusy}
          >
            {ORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {ORDER_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TicketQuantityField
            unit={quantityUnitOf(script)}
            value={values.quantity}
            onChange={(text) => set('quantity', text)}
            errorMessage={ticket.errors.quantity}
            isDisabled={isBusy}
          />
          {fields.price ? (
            <TicketPriceField
              label="Price"
              name="price"
              tick={script.tick_size}
              value={priceText}
              onChange={(text) => set('price', text)}
              errorMessage={ticket.errors.price}
              isDisabled={isBusy}
            />
          ) : null}
          {fields.trigger ? (
            <TicketPriceField
              label="Trigger price"
              name="trigger_price"
              tick={script.tick_size}
              value={values.trigger_price}
              onChange={(text) => set('trigger_price', text)}
              hint={values.transaction_type === 'BUY' ? 'At or below the price' : 'At or above the price'}
              errorMessage={ticket.errors.trigger_price}
              isDisabled={isBusy}
            />
          ) : null}
        </div>
        <TicketResult placed={ticket.placed} failure={ticket.failure} isAmbiguous={ticket.isAmbiguous} />
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onClose} isDisabled={isBusy}>
            Close
          </Button>
          <Button type="submit" variation="primary" className="order-ticket__submit" isLoading={isBusy} loadingText="Placing…" isDisabled={isBusy}>
            {values.transaction_type === 'BUY' ? 'Place buy order' : 'Place sell order'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
