import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { StaticIp } from '@shared/contracts/ips';
import { IP_REGISTRATION_RULES, registrationSummary } from '@/entities/static-ips/registration-steps';
import { errorText } from '@/lib/error-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useUpdateStaticIp } from '../api/use-static-ip-actions';

/**
 * What each account using the IP needs so its broker accepts the address: the steps in the broker's
 * console, or the platform's registration (Upstox, Dhan) and, when that failed, a retry that binds the
 * same accounts again.
 */
export function RegistrationSteps({ ip }: { ip: StaticIp }) {
  const rebind = useUpdateStaticIp();
  if (ip.accounts.length === 0) return <Text variation="secondary">No account uses this IP yet. Move it onto an account to send its orders from here.</Text>;
  return (
    <Flex direction="column" gap="xs" as="ul" className="static-ip-registration">
      {ip.accounts.map((account) => (
        <li key={account.broker_id}>
          <Text fontWeight="semibold">{account.broker_combined_name}</Text>
          <Text fontSize="small">{registrationSummary(account.registration, account.registration_error)}</Text>
          {account.registration === 'register-yourself' ? (
            <Text fontSize="small" variation="secondary">
              {IP_REGISTRATION_RULES[account.broker].steps}
            </Text>
          ) : null}
          {account.next_change_at ? (
            <Text fontSize="small" variation="secondary">
              Next change allowed on {formatDisplayDate(account.next_change_at)}.
            </Text>
          ) : null}
          {account.registration === 'failed' ? (
            <Button
              size="small"
              isLoading={rebind.isPending}
              loadingText="Retrying…"
              onClick={() => rebind.mutate({ ip_id: ip.ip_id, broker_ids: ip.accounts.map((using) => using.broker_id) })}
            >
              Retry registration
            </Button>
          ) : null}
        </li>
      ))}
      {rebind.isError ? (
        <Alert variation="error" role="alert">
          {errorText(rebind.error)}
        </Alert>
      ) : null}
    </Flex>
  );
}
