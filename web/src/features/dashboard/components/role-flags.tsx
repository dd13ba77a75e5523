import { Badge, Flex } from '@aws-amplify/ui-react';
import type { RoleFlags } from '@shared/domain/roles';

const ROLE_FLAGS: readonly { flag: keyof RoleFlags; label: string }[] = [
  { flag: 'is_brokerpanel', label: 'Broker panel' },
  { flag: 'is_white_label', label: 'White label' },
  { flag: 'can_add_subuser', label: 'Can add sub-users' },
  { flag: 'is_ip_enable', label: 'Static IP' },
];

/** Spec §6: the role flags of the profile, each shown as on or off. */
export function RoleFlagList({ flags }: { flags: RoleFlags }) {
  return (
    <Flex as="ul" className="role-flags" wrap="wrap" gap="xs" aria-label="Roles">
      {ROLE_FLAGS.map(({ flag, label }) => (
        <li key={flag}>
          <Badge variation={flags[flag] ? 'success' : undefined} size="small">
            {label}: {flags[flag] ? 'Yes' : 'No'}
          </Badge>
        </li>
      ))}
    </Flex>
  );
}
