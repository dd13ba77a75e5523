import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { OrderGroup } from '@shared/contracts/ordermanager';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { OrderGroupPositions } from '@/entities/order-groups/components/order-group-positions';
import { formatMoney } from '@/lib/format/money';
import { DeleteOrderGroupDialog } from './delete-order-group-dialog';
import { OrderGroupDialog } from './order-group-dialog';

/** The group's settings in one line: place-order flag, group target / stop-loss and trading window. */
function settingsOf(group: OrderGroup): string[] {
  return [
    `Target ${group.group_tgt === null ? 'off' : formatMoney(group.group_tgt)}`,
    `Stop-loss ${group.group_sl === null ? 'off' : formatMoney(group.group_sl)}`,
    `Window ${group.start_time ?? 'any'} – ${group.end_time ?? 'any'} IST`,
  ];
}

/** One order group: its settings with Edit and Delete, then its positions with live P&L. */
export function OrderGroupSection({ group, readAt, dialogs }: { group: OrderGroup; readAt: number; dialogs: DialogSlot }) {
  return (
    <Card as="article" variation="outlined" aria-label={group.og_name} className="om-group">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Flex alignItems="center" gap="xs" wrap="wrap">
            <Heading level={3} className="om-group__name">
              {group.og_name}
            </Heading>
            <Badge size="small" variation={group.og_place_order ? 'success' : 'warning'}>
              {group.og_place_order ? 'Placing orders' : 'Orders off'}
            </Badge>
          </Flex>
          <Flex gap="xs" wrap="wrap">
            <Button size="small" aria-label={`Edit ${group.og_name}`} onClick={() => dialogs.open(<OrderGroupDialog group={group} onClose={dialogs.close} />)}>
              Edit
            </Button>
            <Button
              size="small"
              variation="destructive"
              aria-label={`Delete ${group.og_name}`}
              onClick={() => dialogs.open(<DeleteOrderGroupDialog group={group} onClose={dialogs.close} />)}
            >
              Delete
            </Button>
          </Flex>
        </Flex>
        <Text variation="secondary" fontSize="small" className="om-group__settings">
          {settingsOf(group).join(' · ')}
        </Text>
        <OrderGroupPositions group={group} readAt={readAt} dialogs={dialogs} />
      </Flex>
    </Card>
  );
}
