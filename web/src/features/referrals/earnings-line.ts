import type * as z from 'zod';
import type { referralEarningSchema } from '@shared/contracts/referrals';
import { rupeesFromPaise } from '@shared/domain/money';
import type { TimePoint } from '@/components/charts/time-line-chart';

type Earning = z.infer<typeof referralEarningSchema>;

/** Earnings added up over time (rupees), one point per second at most (the chart needs rising times). */
export function earningsPointsOf(earnings: readonly Earning[]): TimePoint[] {
  const oldestFirst = [...earnings].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const points: TimePoint[] = [];
  let totalPaise = 0;
  for (const earning of oldestFirst) {
    totalPaise += earning.earned_paise;
    const time = Math.floor(Date.parse(earning.created_at) / 1000);
    const value = rupeesFromPaise(totalPaise);
    if (points.at(-1)?.time === time) points[points.length - 1] = { time, value };
    else points.push({ time, value });
  }
  return points;
}
