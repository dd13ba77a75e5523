import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { brokerTradingContracts, orderMarginRequestSchema, type OrderMarginRequest } from '@shared/contracts/broker-trading';
import { callApi } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { tradingKeys } from './trading-keys';

/** How long the ticket must stay unchanged before its margin is asked for (typing a quantity asks once). */
export const MARGIN_DEBOUNCE_MS = 400;

/**
 * The margin the ticket as it stands would need, and the funds free (POST /users/broker/getordermargin),
 * asked once the ticket has settled; null while the ticket is incomplete asks nothing. The last answer
 * stays shown while the next is read. The ticket is debounced as text, so a re-render with the same
 * ticket neither restarts the wait nor asks again.
 */
export function useOrderMargin(request: OrderMarginRequest | null) {
  const settledText = useDebouncedValue(request === null ? null : JSON.stringify(request), MARGIN_DEBOUNCE_MS);
  const settled = useMemo(() => (settledText === null ? null : orderMarginRequestSchema.parse(JSON.parse(settledText))), [settledText]);
  return useQuery({
    queryKey: [...tradingKeys.all, 'margin', settledText],
    queryFn: () => {
      if (settled === null) throw new Error('No ticket to ask the margin of');
      return callApi(brokerTradingContracts.getOrderMargin, settled);
    },
    enabled: settled !== null,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}
