import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { ConnectBrokerRequest } from '@shared/contracts/broker';
import { errorText } from '@/lib/error-text';
import type { FieldErrors } from '@/lib/field-errors';
import { credentialErrorsOf } from '../connect-errors';
import { connectAttempt, type ConnectableCatalogBroker, type CredentialValues } from '../connect-requests';
import { CONNECT_BUTTON_LABELS, FRANCHISE_APP_HINT, LOGIN_FLOW_HINTS } from '../login-flows';
import { CredentialFields } from './credential-fields';
import { RedirectUrlNote } from './redirect-url-note';

interface ConnectBrokerFormProps {
  broker: ConnectableCatalogBroker;
  /** Sends the checked request (the user's own `connectbroker`, or a parent's `connectsubuserbroker`). */
  onSubmit: (request: ConnectBrokerRequest) => void;
  isSubmitting: boolean;
  /** The last failed attempt's error: per-credential messages go to their fields, the message above the buttons. */
  error: unknown;
  onCancel?: (() => void) | undefined;
}

/** Every credential field starts empty, so an untouched one reads 'is required', not 'undefined'. */
const emptyValues = (broker: ConnectableCatalogBroker): CredentialValues =>
  Object.fromEntries(broker.credential_fields.map((field) => [field.name, '']));

/**
 * The form that connects an account of one broker, whoever it is for: paper needs nothing; redirect
 * brokers (Zerodha, Upstox, Fyers) take the app's credentials and show the redirect URL to register;
 * credential brokers (Angel One, Dhan) take the login details. Nothing is sent until the contract's
 * schema accepts the values.
 */
export function ConnectBrokerForm({ broker, onSubmit, isSubmitting, error, onCancel }: ConnectBrokerFormProps) {
  const [values, setValues] = useState<CredentialValues>(() => emptyValues(broker));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...credentialErrorsOf(error), ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const attempt = connectAttempt(broker.broker, values, broker.franchise_app ?? false);
    if ('errors' in attempt) {
      setLocalErrors(attempt.errors);
      return;
    }
    setLocalErrors({});
    onSubmit(attempt.request);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Connect ${broker.broker_combined_name}`}>
      <Flex direction="column" gap="medium">
        <Text variation="secondary">{broker.franchise_app ? FRANCHISE_APP_HINT : LOGIN_FLOW_HINTS[broker.login_flow]}</Text>
        {broker.login_flow === 'redirect' && !broker.franchise_app ? <RedirectUrlNote brokerName={broker.broker_combined_name} /> : null}
        <CredentialFields
          fields={broker.credential_fields}
          values={values}
          errors={errors}
          isDisabled={isSubmitting}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        />
        {error && !isSubmitting ? (
          <Alert variation="error" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        <Flex justifyContent="flex-end" gap="small">
          {onCancel ? (
            <Button onClick={onCancel} isDisabled={isSubmitting}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Connecting…" isDisabled={isSubmitting}>
            {CONNECT_BUTTON_LABELS[broker.login_flow]}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
