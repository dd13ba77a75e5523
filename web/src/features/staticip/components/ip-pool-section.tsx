import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { z } from 'zod';
import { IP_SLOT_STATES, type IpSlotState, type ipSlotSchema } from '@shared/contracts/ips';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useIpPool } from '../api/use-static-ip-reads';

type IpSlot = z.infer<typeof ipSlotSchema>;

const STATE_NAMES: Readonly<Record<IpSlotState, string>> = { free: 'Free', assigned: 'Assigned', quarantined: 'Quarantined' };
const STATE_BADGES: Readonly<Record<IpSlotState, 'success' | 'info' | 'warning'>> = { free: 'success', assigned: 'info', quarantined: 'warning' };

const dateOrDash = (instant: string | null) => (instant ? formatDisplayDate(instant) : '—');

const COLUMNS: readonly TableColumn<IpSlot>[] = [
  { header: 'Address', key: 'address', card: 'title', cell: (slot) => slot.address },
  { header: 'Version', key: 'version', card: 'lead', cell: (slot) => slot.version },
  { header: 'State', key: 'state', card: 'lead', cell: (slot) => <Badge variation={STATE_BADGES[slot.state]}>{STATE_NAMES[slot.state]}</Badge> },
  { header: 'Holder', key: 'holder', cell: (slot) => (slot.holder_user_id === null ? '—' : `User ${slot.holder_user_id}`) },
  { header: 'Bought by', key: 'owner', priority: 'low', cell: (slot) => (slot.owner_user_id === null ? '—' : `User ${slot.owner_user_id}`) },
  { header: 'Assigned on', key: 'assigned', priority: 'medium', cell: (slot) => dateOrDash(slot.assigned_at) },
  { header: 'Paid until', key: 'expires', cell: (slot) => dateOrDash(slot.expires_at) },
  { header: 'Quarantine ends', key: 'quarantine', cell: (slot) => dateOrDash(slot.quarantined_until) },
];

/** The broker panel's view of the franchise's pool: how many addresses are in each state, and every slot. */
export function IpPoolSection() {
  const pool = useIpPool();
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="ip-pool-heading">
      <Heading level={3} id="ip-pool-heading">
        Pool
      </Heading>
      {pool.isPending ? <LoadingState label="Loading the pool…" /> : null}
      {pool.isError ? <ErrorState message={pool.error.message} onRetry={() => void pool.refetch()} /> : null}
      {pool.data ? (
        <>
          <div className="static-ip-pool-counts" role="list" aria-label="Addresses per state">
            {IP_SLOT_STATES.map((state) => (
              <Card key={state} variation="outlined" role="listitem" aria-label={STATE_NAMES[state]}>
                <Text variation="secondary">{STATE_NAMES[state]}</Text>
                <Text fontSize="xl" fontWeight="bold">
                  {pool.data.counts[state]}
                </Text>
              </Card>
            ))}
          </div>
          <Text variation="secondary" fontSize="small">
            A released address rests {pool.data.quarantine_days} days in quarantine before anyone may buy it again.
          </Text>
          {pool.data.items.length === 0 ? <Text variation="secondary">The pool has no addresses yet.</Text> : null}
          {pool.data.items.length > 0 ? (
            <ColumnTable
              className="static-ip-pool"
              caption="The franchise's addresses, dates in Asia/Kolkata"
              columns={COLUMNS}
              rows={pool.data.items}
              rowKey={(slot) => slot.ip_id}
              rowName={(slot) => slot.address}
            />
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
