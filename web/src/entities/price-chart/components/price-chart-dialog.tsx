import { Flex, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { formatDisplayDate, formatPayloadDate, formatTime } from '@/lib/format/date-time';
import { useCandles } from '../api/use-candles';
import { useScriptOrders } from '../api/use-script-orders';
import { chartCandlesOf, DEFAULT_TIMEFRAME, lastCandleSummary, orderMarkersOf, type CandleTimeframe } from '../chart-data';
import { chartTitleOf, type ChartScript } from '../chart-script';
import { ChartOrders } from './chart-orders';
import { TimeframeToggle } from './timeframe-toggle';
import '../price-chart.css';

/** The chart library's chunk loads on the first chart opened, not with the page. */
const CandleChart = lazy(() => import('./candle-chart'));

/** A script's candles for the day with the user's orders on them, in a dialog; the timeframe switches. */
export function PriceChartDialog({ script, onClose }: { script: ChartScript; onClose: () => void }) {
  const [timeframe, setTimeframe] = useState<CandleTimeframe>(DEFAULT_TIMEFRAME);
  const candles = useCandles(script.script_id, timeframe);
  const day = candles.data;
  const orders = useScriptOrders(
    day ? { scriptId: script.script_id, tradingSymbol: script.trading_symbol, fromDate: day.date, toDate: formatPayloadDate(day.as_of) } : null,
  );
  const chartCandles = useMemo(() => chartCandlesOf(day?.candles ?? []), [day]);
  const markers = useMemo(() => (day ? orderMarkersOf(orders.data ?? [], script.script_id, day.candles, day.timeframe) : []), [day, orders.data, script.script_id]);
  const summary = day ? lastCandleSummary(day.candles) : null;

  return (
    <ModalDialog title={chartTitleOf(script)} onClose={onClose}>
      <Flex direction="column" gap="small" className="price-chart">
        <TimeframeToggle timeframe={timeframe} onChange={setTimeframe} />
        {candles.isPending ? <LoadingState label="Loading candles…" /> : null}
        {candles.isError && !day ? <ErrorState message={candles.error.message} onRetry={() => void candles.refetch()} /> : null}
        {day && !day.is_trading_day ? <Text variation="secondary">The market did not trade on {formatDisplayDate(day.opens_at)}.</Text> : null}
        {day && day.is_trading_day && day.candles.length === 0 ? (
          <Text variation="secondary">
            No candles yet: trading opens at {formatTime(day.opens_at).slice(0, 5)} on {formatDisplayDate(day.opens_at)}.
          </Text>
        ) : null}
        {day && day.candles.length > 0 ? (
          <>
            <Text variation="secondary" fontSize="small">
              {formatDisplayDate(day.opens_at)}, {timeframe}-minute candles, times in Asia/Kolkata; the last one is still forming while the market trades.
            </Text>
            <Suspense fallback={<LoadingState label="Loading the chart…" />}>
              <CandleChart candles={chartCandles} markers={markers} fitKey={`${script.script_id}|${timeframe}`} label={`${script.display_name ?? script.trading_symbol}, ${timeframe}-minute candles`} />
            </Suspense>
            {summary ? (
              <Text fontSize="small" data-testid="last-candle">
                Last candle: {summary}
              </Text>
            ) : null}
            <ChartOrders markers={markers} isLoading={orders.isPending} />
          </>
        ) : null}
      </Flex>
    </ModalDialog>
  );
}
