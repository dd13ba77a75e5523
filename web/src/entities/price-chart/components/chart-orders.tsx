import { Text } from '@aws-amplify/ui-react';
import type { ChartMarker } from '../chart-data';
import { IST_OFFSET_SECONDS } from '../chart-data';
import { formatTime } from '@/lib/format/date-time';

/** The orders marked on the chart, in words too (a screen reader cannot see the canvas). */
export function ChartOrders({ markers, isLoading }: { markers: readonly ChartMarker[]; isLoading: boolean }) {
  if (isLoading) return <Text variation="secondary" fontSize="small">Reading your orders…</Text>;
  if (markers.length === 0) return <Text variation="secondary" fontSize="small">No orders of yours on this chart.</Text>;
  return (
    <ul className="price-chart__orders" aria-label="Your orders on the chart">
      {markers.map((marker) => (
        <li key={marker.orderId} className={`price-chart__order price-chart__order--${marker.tone}`}>
          {marker.text} <span className="price-chart__order-time">· candle of {formatTime((marker.time - IST_OFFSET_SECONDS) * 1000).slice(0, 5)}</span>
        </li>
      ))}
    </ul>
  );
}
