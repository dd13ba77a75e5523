import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { SignalView } from '@shared/contracts/signals';
import { formatDateTime } from '@/lib/format/date-time';
import { SignalStatusChip } from './signal-status-chip';

/** Status comes second: on a phone it is the column still in view without scrolling sideways. */
const COLUMNS = ['Received (IST)', 'Status', 'Bridge', 'Source', 'Reason'] as const;

/** The loaded signals, newest first; a row (click or Enter) opens its drawer. */
export function SignalsTable({ signals, openId, onOpen }: { signals: readonly SignalView[]; openId: string | null; onOpen: (signalId: string) => void }) {
  return (
    <div className="signals-table">
      <Table size="small" variation="striped" highlightOnHover caption="Newest first: open a signal for its timeline">
        <TableHead>
          <TableRow>
            {COLUMNS.map((header) => (
              <TableCell as="th" key={header} scope="col">
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {signals.map((signal) => (
            <TableRow
              key={signal.signal_id}
              className="signals-table__row"
              aria-label={`${signal.bridge_name || 'Deleted bridge'} ${formatDateTime(signal.received_at)}`}
              aria-selected={openId === signal.signal_id}
              data-status={signal.status}
              tabIndex={0}
              onClick={() => onOpen(signal.signal_id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(signal.signal_id);
                }
              }}
            >
              <TableCell>{formatDateTime(signal.received_at)}</TableCell>
              <TableCell>
                <SignalStatusChip status={signal.status} />
              </TableCell>
              <TableCell>{signal.bridge_name || '(deleted)'}</TableCell>
              <TableCell>{signal.source ?? '—'}</TableCell>
              <TableCell className="signals-table__reason">{signal.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
