import type { SignalView } from '@shared/contracts/signals';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { SignalStatusChip } from './signal-status-chip';

/** Status comes second, after the time; on a phone's card the bridge heads it and the status leads. */
const COLUMNS: readonly TableColumn<SignalView>[] = [
  { header: 'Received (IST)', key: 'received', card: 'lead', cell: (signal) => formatDateTime(signal.received_at) },
  { header: 'Status', key: 'status', card: 'lead', cell: (signal) => <SignalStatusChip status={signal.status} /> },
  { header: 'Bridge', key: 'bridge', card: 'title', wrap: true, cell: (signal) => signal.bridge_name || '(deleted)' },
  { header: 'Source', key: 'source', cell: (signal) => signal.source ?? '—' },
  { header: 'Reason', key: 'reason', wrap: true, cell: (signal) => signal.reason ?? '—' },
];

/** The loaded signals, newest first; a row (click, Enter or Space) opens its drawer. */
export function SignalsTable({ signals, openId, onOpen }: { signals: readonly SignalView[]; openId: string | null; onOpen: (signalId: string) => void }) {
  return (
    <ColumnTable
      className="signals-table"
      caption="Newest first: open a signal for its timeline"
      highlightOnHover
      columns={COLUMNS}
      rows={signals}
      rowKey={(signal) => signal.signal_id}
      rowName={(signal) => `${signal.bridge_name || 'Deleted bridge'} ${formatDateTime(signal.received_at)}`}
      rowAttributes={(signal) => ({ 'data-status': signal.status })}
      onRowOpen={(signal) => onOpen(signal.signal_id)}
      isRowSelected={(signal) => openId === signal.signal_id}
    />
  );
}
