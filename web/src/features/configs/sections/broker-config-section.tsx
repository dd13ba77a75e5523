import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { CopyableCode } from '@/components/copyable-code/copyable-code';
import type { ConfigSectionProps } from '../config-section-props';
import { useAllowedBrokers } from '../api/use-allowed-brokers';
import { ConfigForm } from '../form/config-form';
import { ConfigSecretField } from '../form/config-secret-field';
import { ConfigTextField } from '../form/config-text-field';
import { AlgoIdsField, AllowedBrokersField } from './broker-config-fields';
import '../broker-config.css';

/** The broker apps a franchise may register once for all its users (the fields of BROKER_CONFIG). */
const APPS = [
  { title: 'Zerodha Kite app', id: 'kite_api_key', idLabel: 'API key', secret: 'kite_api_secret', secretLabel: 'API secret' },
  { title: 'Upstox app', id: 'upstox_api_key', idLabel: 'API key', secret: 'upstox_api_secret', secretLabel: 'API secret' },
  { title: 'Fyers app', id: 'fyers_app_id', idLabel: 'App ID', secret: 'fyers_app_secret', secretLabel: 'App secret' },
] as const;

/** Where the brokers send a user back after their login: the URL to register with each broker app. */
function RedirectUrl() {
  const allowed = useAllowedBrokers();
  if (!allowed.data) return null;
  return <CopyableCode title="Redirect URL to register in each broker app" code={allowed.data.redirect_url} />;
}

/**
 * BROKER_CONFIG: which brokers the franchise offers, its own Zerodha, Upstox and Fyers apps (used for its
 * users' logins and orders when a user has no app of their own), and the exchange algo id per broker.
 */
export function BrokerConfigSection({ view }: ConfigSectionProps) {
  return (
    <ConfigForm view={view}>
      <AllowedBrokersField />
      <Flex direction="column" gap="small">
        <Heading level={4}>Your broker apps</Heading>
        <Text variation="secondary" fontSize="small">
          With an app saved here, your users connect that broker without an app of their own. Clear the key to stop using an app.
        </Text>
        <RedirectUrl />
      </Flex>
      {APPS.map((app) => (
        <div key={app.id} className="configs-page__pair" role="group" aria-label={app.title}>
          <ConfigTextField name={app.id} label={`${app.title}: ${app.idLabel}`} />
          <ConfigSecretField name={app.secret} label={`${app.title}: ${app.secretLabel}`} />
        </div>
      ))}
      <AlgoIdsField />
    </ConfigForm>
  );
}
