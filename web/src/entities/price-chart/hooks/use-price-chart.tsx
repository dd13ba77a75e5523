import { useCallback, useState, type ReactElement } from 'react';
import type { ChartScript } from '../chart-script';
import { PriceChartDialog } from '../components/price-chart-dialog';

/** A page's price chart: `open(script)` shows it, render `chart` once on the page (or inside the dialog that opens it). */
export function usePriceChart(): { chart: ReactElement | null; open: (script: ChartScript) => void } {
  const [script, setScript] = useState<ChartScript | null>(null);
  const close = useCallback(() => setScript(null), []);
  const chart = script ? <PriceChartDialog key={script.script_id} script={script} onClose={close} /> : null;
  return { chart, open: setScript };
}
