import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { SubUser } from '@shared/contracts/subusers';
import { balanceText, percentText, subUserLabel } from '../sub-user-words';

const allowed = (flag: boolean) => (flag ? 'Allowed' : 'Not allowed');

/** Who the sub-user is, its balance and what it may do (changed on the user list), with the Credit / Debit action. */
export function SubUserHeader({ user, onCreditDebit }: { user: SubUser; onCreditDebit: () => void }) {
  const facts: readonly [string, string][] = [
    ['Email', user.email],
    ['Mobile', user.mobile_no],
    ['Balance', balanceText(user)],
    ['Demat accounts', allowed(user.demat_allowed)],
    ['Static IP purchase', allowed(user.purchase_ip_allowed)],
    ['Link sharing', allowed(user.link_sharing)],
    ['Referral percent', percentText(user.referral_percent)],
  ];
  return (
    <Card as="section" variation="outlined" aria-label="Sub-user">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Flex alignItems="center" gap="small">
            <Heading level={3}>{subUserLabel(user)}</Heading>
            <Badge variation={user.profile_status === 'active' ? 'success' : 'warning'}>{user.profile_status === 'active' ? 'Active' : 'Inactive'}</Badge>
          </Flex>
          <Button variation="primary" onClick={onCreditDebit}>
            Credit / Debit
          </Button>
        </Flex>
        <dl className="sub-user-facts">
          {facts.map(([term, value]) => (
            <Flex key={term} gap="xs">
              <Text as="dt" variation="secondary">
                {term}:
              </Text>
              <Text as="dd">{value}</Text>
            </Flex>
          ))}
        </dl>
      </Flex>
    </Card>
  );
}
