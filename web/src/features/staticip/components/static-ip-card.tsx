import { Badge, Button, Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import type { StaticIp } from '@shared/contracts/ips';
import { useToast } from '@/components/toast/use-toast';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { errorText } from '@/lib/error-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useUpdateStaticIp } from '../api/use-static-ip-actions';
import { holdingText, isOwnedByCaller, type HolderAccount } from '../ip-facts';
import { EditIpDialog } from './edit-ip-dialog';
import { EgressCheck } from './egress-check';
import { MoveIpDialog } from './move-ip-dialog';
import { RegistrationSteps } from './registration-steps';
import { RemoveIpDialog } from './remove-ip-dialog';

interface StaticIpCardProps {
  ip: StaticIp;
  /** The caller's accounts, for the Move dialog. */
  accounts: readonly HolderAccount[];
  dialogs: DialogSlot;
}

/** One of the caller's IPs: address, version, role, label, paid-until and renewal, who holds it, the accounts on it and their registration, the egress check and its actions. */
export function StaticIpCard({ ip, accounts, dialogs }: StaticIpCardProps) {
  const update = useUpdateStaticIp();
  const toast = useToast();
  const owned = isOwnedByCaller(ip);
  const holding = holdingText(ip);
  const mayMove = ip.allocated_to === null;

  return (
    <Card as="article" variation="outlined" className="static-ip-card" aria-label={ip.address}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
          <Heading level={4} className="static-ip-card__address">
            {ip.address}
          </Heading>
          <Flex gap="xxs">
            <Badge size="small">{ip.version}</Badge>
            <Badge size="small" variation="info">
              {ip.role === 'primary' ? 'Primary' : 'Secondary'}
            </Badge>
          </Flex>
        </Flex>
        {ip.label ? <Text variation="secondary">{ip.label}</Text> : null}
        <dl className="static-ip-facts">
          <div>
            <dt>Paid until</dt>
            <dd>{formatDisplayDate(ip.expires_at)}</dd>
          </div>
          <div>
            <dt>Bought on</dt>
            <dd>{formatDisplayDate(ip.purchased_at)}</dd>
          </div>
          {ip.next_allocation_change_at ? (
            <div>
              <dt>Holder may change</dt>
              <dd>on {formatDisplayDate(ip.next_allocation_change_at)}</dd>
            </div>
          ) : null}
        </dl>
        {holding ? <Text fontSize="small">{holding}</Text> : null}
        {owned ? (
          <SwitchField
            label="Renew automatically"
            size="small"
            labelPosition="end"
            isChecked={ip.auto_renew}
            isDisabled={update.isPending}
            onChange={(event) =>
              update.mutate({ ip_id: ip.ip_id, auto_renew: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
            }
          />
        ) : (
          <Text fontSize="small">{ip.auto_renew ? 'Your parent renews it automatically.' : 'It ends on the date above unless your parent renews it.'}</Text>
        )}
        <Heading level={5}>Accounts using it</Heading>
        <RegistrationSteps ip={ip} />
        <EgressCheck ip={ip} />
        <Flex gap="xs" wrap="wrap">
          {mayMove ? (
            <Button size="small" onClick={() => dialogs.open(<MoveIpDialog ip={ip} accounts={accounts} onClose={dialogs.close} />)}>
              Move
            </Button>
          ) : null}
          <Button size="small" onClick={() => dialogs.open(<EditIpDialog ip={ip} onClose={dialogs.close} />)}>
            Edit
          </Button>
          {owned ? (
            <Button size="small" variation="destructive" onClick={() => dialogs.open(<RemoveIpDialog ip={ip} onClose={dialogs.close} />)}>
              Remove
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
