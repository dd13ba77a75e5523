import { Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useOrderTicket } from '@/entities/order-ticket/hooks/use-order-ticket';
import { usePriceChart } from '@/entities/price-chart/hooks/use-price-chart';
import { formatTime } from '@/lib/format/date-time';
import { formatPrice } from '@/lib/format/price';
import { useOptionChain } from '../api/use-option-chain';
import { chartScriptOf, displayExpiry, ticketScriptOf, underlyingPriceNote, type OptionExchange } from '../chain-figures';
import type { ChainCellTools } from './chain-leg-cells';
import { OptionChainTable } from './option-chain-table';
import '../option-chain.css';

export interface OptionChainRequest {
  readonly underlying: string;
  readonly exchange: OptionExchange;
}

/**
 * An underlying's option chain in a dialog: the expiry to show, then strikes around the money with
 * calls and puts. B / S open the order ticket for that contract (in lots) over the chain; a price
 * opens its chart. The ticket and the chart live inside this dialog, so focus stays with the top one.
 */
export function OptionChainDialog({ request, onClose }: { request: OptionChainRequest; onClose: () => void }) {
  const [expiry, setExpiry] = useState<string | null>(null);
  const chain = useOptionChain(request.underlying, request.exchange, expiry);
  const ticket = useOrderTicket();
  const chart = usePriceChart();
  const data = chain.data;

  const tools: ChainCellTools = {
    trade: (leg, action) => ticket.open({ script: ticketScriptOf(leg), action, ltpHint: leg.ltp }),
    chart: (leg) => chart.open(chartScriptOf(leg)),
  };

  return (
    <ModalDialog title={`Option chain: ${request.underlying}`} onClose={onClose}>
      <Flex direction="column" gap="small" className="option-chain">
        {data ? (
          <Flex gap="medium" wrap="wrap" alignItems="flex-end">
            <SelectField
              label="Expiry"
              size="small"
              value={data.expiry}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => setExpiry(event.target.value)}
            >
              {data.expiries.map((listed, index) => (
                <option key={listed} value={listed}>
                  {displayExpiry(listed)}
                  {index === 0 ? ' (nearest)' : ''}
                </option>
              ))}
            </SelectField>
            <Flex direction="column" gap="0">
              <Text fontWeight="semibold" data-testid="underlying-price">
                {data.underlying} {formatPrice(data.underlying_price.ltp)}
              </Text>
              <Text variation="secondary" fontSize="small">
                {underlyingPriceNote(data)}; ATM strike {formatPrice(data.atm_strike).replace(/\.00$/, '')}
              </Text>
            </Flex>
            <Text variation="secondary" fontSize="small">
              {data.exchange} · Order Lot · {data.lot_size} per lot · prices at {formatTime(data.as_of)}
            </Text>
          </Flex>
        ) : null}
        {chain.isPending ? <LoadingState label="Loading the option chain…" /> : null}
        {chain.isError && !data ? <ErrorState message={chain.error.message} onRetry={() => void chain.refetch()} /> : null}
        {data ? <OptionChainTable chain={data} tools={tools} /> : null}
        {ticket.ticket}
        {chart.chart}
      </Flex>
    </ModalDialog>
  );
}
