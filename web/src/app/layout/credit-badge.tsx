import { Link } from 'react-router-dom';
import { SvgIcon } from '@/components/svg-icon';
import { paths } from '@/config/paths';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { formatMoney } from '@/lib/format/money';
import { NAV_ICONS } from './navigation/nav-icons';

/** The wallet credit (K/M/B rule of spec §9), linking to the wallet; hidden until the profile is known. */
export function CreditBadge() {
  const { data: profile } = useUserProfile();
  if (!profile) return null;
  const credit = formatMoney(profile.current_credit);
  return (
    <Link to={paths.wallet} className="credit-badge" aria-label={`Credit ${credit}, open the wallet`}>
      <SvgIcon path={NAV_ICONS.wallet} size={18} />
      <span>{credit}</span>
    </Link>
  );
}
