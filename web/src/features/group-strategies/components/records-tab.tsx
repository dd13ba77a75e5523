import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { STRATEGY_RECORDS_NOTICE } from '@shared/contracts/strategy-records';
import { DateRangeForm } from '@/components/date-range-form';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useStrategyRecords } from '../api/use-strategy-reads';
import { ComputedDaysTable } from './computed-days-table';
import { OwnerRecordsTable } from './owner-records-table';
import { RecordDialog } from './record-dialog';

export const COMPUTED_LABEL = "Computed from the master account's fills — not editable";

/**
 * The owner's entries beside the record computed from the master's fills, in a date range (last 30 days
 * first). The SEBI notice stays on top: these are trade logs for the owner, subscribers and permitted users only.
 */
export function RecordsTab({ groupId }: { groupId: string }) {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const records = useStrategyRecords(groupId, range);
  const dialogs = useDialogSlot();
  return (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Alert variation="warning" heading="Not for advertising">
        {STRATEGY_RECORDS_NOTICE}
      </Alert>
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
        <DateRangeForm label="Date range" range={range} onApply={setRange} isDisabled={records.isFetching} />
        <Button variation="primary" onClick={() => dialogs.open(<RecordDialog groupId={groupId} onClose={dialogs.close} />)}>
          Add record
        </Button>
      </Flex>
      {records.isPending ? <LoadingState label="Loading records…" /> : null}
      {records.isError ? <ErrorState message={records.error.message} onRetry={() => void records.refetch()} /> : null}
      {records.data ? (
        <Flex direction="row" gap="large" wrap="wrap" alignItems="flex-start">
          <Flex direction="column" gap="small" flex="1 1 22rem">
            <Heading level={4}>Your entries</Heading>
            {records.data.records.length === 0 ? (
              <Text variation="secondary">No entries in this range.</Text>
            ) : (
              <OwnerRecordsTable groupId={groupId} records={records.data.records} dialogs={dialogs} />
            )}
          </Flex>
          <Flex direction="column" gap="small" flex="1 1 22rem">
            <Heading level={4}>Computed record</Heading>
            <Text variation="secondary" fontSize="small">
              {COMPUTED_LABEL}
            </Text>
            {records.data.computed.master_broker_id === null ? (
              <Text variation="secondary">Connect a master account to this strategy to see its computed record.</Text>
            ) : records.data.computed.days.length === 0 ? (
              <Text variation="secondary">The master account has no fills in this range.</Text>
            ) : (
              <ComputedDaysTable days={records.data.computed.days} />
            )}
          </Flex>
        </Flex>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
