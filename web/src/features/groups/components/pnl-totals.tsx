import { Flex, Text } from '@aws-amplify/ui-react';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatTime } from '@/lib/format/date-time';

interface PnlTotalsProps {
  totals: { realised_pnl: number; unrealised_pnl: number; total_pnl: number };
  readAt: string;
}

/** Realised, unrealised and total P&L in a row, with when the brokers were read. */
export function PnlTotals({ totals, readAt }: PnlTotalsProps) {
  return (
    <Flex gap="large" wrap="wrap" className="live-section__totals" aria-label="P&L totals">
      <Text>
        Realised <PnlValue amount={totals.realised_pnl} />
      </Text>
      <Text>
        Unrealised <PnlValue amount={totals.unrealised_pnl} />
      </Text>
      <Text fontWeight="semibold">
        Total <PnlValue amount={totals.total_pnl} />
      </Text>
      <Text variation="secondary" fontSize="small">
        Read at {formatTime(readAt)}
      </Text>
    </Flex>
  );
}
