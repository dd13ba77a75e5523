import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import { paths, pathTo } from '@/config/paths';

/** The account's name, opening its page (/demat/{broker_id}). */
export function AccountLink({ account }: { account: BrokerAccount }) {
  return (
    <Link to={pathTo(paths.dematAccount, { broker_id: account.broker_id })} className="account-link">
      {account.broker_combined_name}
    </Link>
  );
}
