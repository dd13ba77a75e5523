import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import type { FieldErrors } from '@/lib/field-errors';
import { useConnectBroker } from '../api/use-connect-broker';
import { connectAttempt, type ConnectableCatalogBroker, type CredentialValues } from '../connect-requests';
import { credentialErrorsOf } from '../connect-errors';
import { CONNECT_BUTTON_LABELS, FRANCHISE_APP_HINT, LOGIN_FLOW_HINTS } from '../login-flows';
import { CredentialFields } from './credential-fields';
import { RedirectUrlNote } from './redirect-url-note';

interface ConnectBrokerDialogProps {
  broker: ConnectableCatalogBroker;
  onClose: () => void;
}

/** Every credential field starts empty, so an untouched one reads 'is required', not 'undefined'. */
const emptyValues = (broker: ConnectableCatalogBroker): CredentialValues =>
  Object.fromEntries(broker.credential_fields.map((field) => [field.name, '']));

/**
 * Adds an account of one broker: paper connects at once; redirect brokers (Zerodha, Upstox, Fyers) take the
 * app's credentials, show the redirect URL to register, then open the broker's login page; credential
 * brokers (Angel One, Dhan) log in at once with what is entered.
 */
export function ConnectBrokerDialog({ broker, onClose }: ConnectBrokerDialogProps) {
  const connect = useConnectBroker();
  const toast = useToast();
  const [values, setValues] = useState<CredentialValues>(() => emptyValues(broker));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isSubmitting = connect.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const attempt = connectAttempt(broker.broker, values, broker.franchise_app ?? false);
    if ('errors' in attempt) {
      setErrors(attempt.errors);
      return;
    }
    setErrors({});
    connect.mutate(attempt.request, {
      onSuccess: ({ account, login_url }) => {
        if (login_url) {
          window.location.assign(login_url);
          return;
        }
        toast.success(`${account.broker_combined_name} connected.`);
        onClose();
      },
      onError: (error) => setErrors(credentialErrorsOf(error)),
    });
  };

  return (
    <ModalDialog title={`Connect ${broker.broker_combined_name}`} onClose={onClose} canClose={!isSubmitting}>
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
          {connect.isError ? (
            <Alert variation="error" role="alert">
              {errorText(connect.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Connecting…" isDisabled={isSubmitting}>
              {CONNECT_BUTTON_LABELS[broker.login_flow]}
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
