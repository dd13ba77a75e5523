import { CheckboxField, Flex, Text, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { REAL_BROKERS, type BrokerConfigFields, type RealBroker } from '@shared/contracts/config-groups/broker-config';
import { BROKER_DISPLAY_NAMES } from '@shared/domain/brokers';
import { useConfigField } from '../form/config-form-context';

const NO_ALGO_IDS: BrokerConfigFields['algo_ids'] = { zerodha: '', angelone: '', upstox: '', fyers: '', dhan: '' };

/** One checkbox per real broker: the brokers the franchise's users may connect (paper trading is always offered). */
export function AllowedBrokersField() {
  const field = useConfigField('allowed_brokers', []);
  const chosen = Array.isArray(field.value) ? (field.value as RealBroker[]) : [];
  const toggle = (broker: RealBroker, on: boolean) =>
    field.setValue(REAL_BROKERS.filter((each) => (each === broker ? on : chosen.includes(each))));
  return (
    <Flex as="fieldset" direction="column" gap="xs" className="configs-page__fieldset">
      <Text as="legend" fontWeight="semibold">
        Brokers your users can connect
      </Text>
      <Flex wrap="wrap" gap="medium">
        {REAL_BROKERS.map((broker) => (
          <CheckboxField
            key={broker}
            label={BROKER_DISPLAY_NAMES[broker]}
            name={`allowed_${broker}`}
            value={broker}
            checked={chosen.includes(broker)}
            onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(broker, event.target.checked)}
            isDisabled={field.isDisabled}
          />
        ))}
      </Flex>
      <Text variation="secondary" fontSize="small">
        Paper trading is always offered. Accounts already connected to a broker you turn off keep working until their login ends; they cannot log in again.
      </Text>
      {field.errorMessage ? (
        <Text variation="error" role="alert" fontSize="small">
          {field.errorMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The exchange algo id per broker (optional), put on this franchise's orders for the exchange's algo rules. */
export function AlgoIdsField() {
  const field = useConfigField('algo_ids', NO_ALGO_IDS);
  const ids = { ...NO_ALGO_IDS, ...(field.value as Partial<BrokerConfigFields['algo_ids']> | undefined) };
  return (
    <Flex as="fieldset" direction="column" gap="xs" className="configs-page__fieldset">
      <Text as="legend" fontWeight="semibold">
        Exchange algo ids
      </Text>
      <div className="configs-page__pair">
        {REAL_BROKERS.map((broker) => (
          <TextField
            key={broker}
            label={`${BROKER_DISPLAY_NAMES[broker]} algo id`}
            name={`algo_id_${broker}`}
            autoComplete="off"
            value={ids[broker]}
            onChange={(event: ChangeEvent<HTMLInputElement>) => field.setValue({ ...ids, [broker]: event.target.value })}
            isDisabled={field.isDisabled}
          />
        ))}
      </div>
      <Text variation="secondary" fontSize="small">
        The id the exchange approved for your strategy at each broker; leave blank where you have none.
      </Text>
      {field.errorMessage ? (
        <Text variation="error" role="alert" fontSize="small">
          {field.errorMessage}
        </Text>
      ) : null}
    </Flex>
  );
}
