import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ComputedDay } from '@shared/contracts/strategy-records';
import { payloadToDisplayDate } from '@/lib/format/calendar-date';
import { formatMoneyExact } from '@/lib/format/money';

/** Per trading day from the master's fills: trades, realized P&L, win rate (none without a closed round trip). */
export function ComputedDaysTable({ days }: { days: readonly ComputedDay[] }) {
  return (
    <Table size="small" aria-label="Computed record">
      <TableHead>
        <TableRow>
          <TableCell as="th">Date</TableCell>
          <TableCell as="th">Trades</TableCell>
          <TableCell as="th">Realized P&amp;L</TableCell>
          <TableCell as="th">Win rate</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.date}>
            <TableCell>{payloadToDisplayDate(day.date)}</TableCell>
            <TableCell>{day.trades}</TableCell>
            <TableCell>{formatMoneyExact(day.realized_pnl)}</TableCell>
            <TableCell>{day.win_rate === null ? '—' : `${day.win_rate.toFixed(2)}%`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
