import type { BrokerAccount } from '@shared/contracts/broker';
import { ACCOUNT_FACTS } from '../account-facts';

/** An account's facts as a definition list: label, then value. */
export function AccountFactsList({ account }: { account: BrokerAccount }) {
  return (
    <dl className="account-facts">
      {ACCOUNT_FACTS.map((fact) => (
        <div key={fact.label} className="account-facts__row">
          <dt>{fact.label}</dt>
          <dd>{fact.value(account)}</dd>
        </div>
      ))}
    </dl>
  );
}
