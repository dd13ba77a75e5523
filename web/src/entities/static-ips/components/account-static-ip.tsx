import { Alert, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import { hasRole } from '@shared/domain/roles';
import { paths } from '@/config/paths';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { formatDisplayDate } from '@/lib/format/date-time';
import { IP_REGISTRATION_RULES, registrationSummary } from '../registration-steps';

/**
 * The static IP an account sends its orders from and where its registration stands; for a real broker
 * account without one, the warning that the broker may refuse its automated orders (paper needs none).
 */
export function AccountStaticIp({ account, compact = false }: { account: BrokerAccount; compact?: boolean }) {
  if (account.broker === 'paper' || account.status === 'deleted') return null;
  const ip = account.static_ip;
  if (!ip) return <NoStaticIpWarning compact={compact} />;
  const rule = IP_REGISTRATION_RULES[account.broker];
  if (compact) return <span title={registrationSummary(ip.registration, ip.registration_error)}>{ip.address}</span>;
  return (
    <div className="account-static-ip" aria-label="Static IP">
      <Text fontSize="small">
        Static IP <strong>{ip.address}</strong> ({ip.version}) · {registrationSummary(ip.registration, ip.registration_error)}
      </Text>
      {ip.registration === 'register-yourself' ? (
        <Text fontSize="small" variation="secondary">
          {rule.steps}
        </Text>
      ) : null}
      {ip.next_change_at ? (
        <Text fontSize="small" variation="secondary">
          Next change allowed on {formatDisplayDate(ip.next_change_at)}.
        </Text>
      ) : null}
    </div>
  );
}

/** The warning links to /staticip only for a user who may open it; a table cell gets its first sentence. */
function NoStaticIpWarning({ compact }: { compact: boolean }) {
  const profile = useUserProfile();
  const mayOpenStaticIp = profile.data ? hasRole(profile.data, 'ipEnabled') : false;
  const staticIpPage = mayOpenStaticIp ? <Link to={paths.staticIp}>Static Ip</Link> : 'Static Ip';
  if (compact) return <span className="account-static-ip--missing">No static IP: your broker may refuse automated orders.</span>;
  return (
    <Alert variation="warning" className="account-static-ip" aria-label="No static IP">
      No static IP: your broker may refuse automated orders. Buy or assign one on {staticIpPage}.
    </Alert>
  );
}
