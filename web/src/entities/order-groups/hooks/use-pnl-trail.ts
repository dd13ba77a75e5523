import { useEffect, useState } from 'react';
import { withReading, type PnlPoint } from '../pnl-trail';

/** The group's total P&L as each poll answered it, kept while the page is open (not stored anywhere). */
export function usePnlTrail(total: number, readAt: number): PnlPoint[] {
  const [trail, setTrail] = useState<PnlPoint[]>([]);
  useEffect(() => {
    setTrail((current) => withReading(current, { at: readAt, pnl: total }));
  }, [total, readAt]);
  return trail;
}
