import { ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { CANDLE_TIMEFRAMES, type CandleTimeframe } from '../chart-data';

const isTimeframe = (value: unknown): value is CandleTimeframe => CANDLE_TIMEFRAMES.some((minutes) => String(minutes) === value);

/** Spec §9's candle timeframes, one button each ("5m" reads "5 minutes"). */
export function TimeframeToggle({ timeframe, onChange }: { timeframe: CandleTimeframe; onChange: (timeframe: CandleTimeframe) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      className="price-chart__timeframes"
      value={String(timeframe)}
      isExclusive
      isSelectionRequired
      aria-label="Candle timeframe"
      onChange={(value) => {
        const chosen = Array.isArray(value) ? value[0] : value;
        if (isTimeframe(chosen)) onChange(Number(chosen) as CandleTimeframe);
      }}
    >
      {CANDLE_TIMEFRAMES.map((minutes) => (
        <ToggleButton key={minutes} value={String(minutes)} aria-label={`${minutes} minute${minutes === 1 ? '' : 's'}`}>
          {minutes}m
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
