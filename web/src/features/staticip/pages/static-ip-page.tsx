import { Flex, Heading } from '@aws-amplify/ui-react';
import { hasRole } from '@shared/domain/roles';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { BuyIpCard } from '../components/buy-ip-card';
import { IpPoolSection } from '../components/ip-pool-section';
import { MyIpsSection } from '../components/my-ips-section';
import { SubUserIpsSection } from '../components/sub-user-ips-section';
import '../staticip.css';

/**
 * /staticip (spec §2, issue 20): buy an address, the caller's IPs with their accounts, registration
 * steps and egress check; parents allocate to sub-users; the broker panel sees the pool.
 */
export function StaticIpPage() {
  const dialogs = useDialogSlot();
  const profile = useUserProfile().data;
  const isParent = profile ? hasRole(profile, 'parent') : false;
  const isBrokerPanel = profile ? hasRole(profile, 'brokerPanel') : false;
  return (
    <Flex direction="column" gap="large" className="static-ip-page">
      <Heading level={2}>Static Ip</Heading>
      <BuyIpCard dialogs={dialogs} />
      <MyIpsSection dialogs={dialogs} />
      {isParent ? <SubUserIpsSection /> : null}
      {isBrokerPanel ? <IpPoolSection /> : null}
      {dialogs.dialog}
    </Flex>
  );
}
