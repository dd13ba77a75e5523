import type { SignalView } from '@shared/contracts/signals';
import { offsetText, timelinePoints, timeWithMillis } from '../signal-timeline';

/**
 * The timeline as a small vertical chart: one dot per step down a line, each with its IST time and a bar
 * whose length is the time since the signal arrived, so a slow step stands out at a glance.
 */
export function SignalTimelineChart({ timeline, readNote }: { timeline: SignalView['timeline']; readNote: (note: string) => string }) {
  const points = timelinePoints(timeline);
  const longest = Math.max(1, ...points.map((point) => point.offsetMs));
  return (
    <ol className="signal-timeline" aria-label="Timeline">
      {points.map((point, index) => (
        <li key={`${point.event}-${index}`} className="signal-timeline__step" data-event={point.event}>
          <span className="signal-timeline__dot" aria-hidden="true" />
          <div className="signal-timeline__text">
            <span className="signal-timeline__label">{point.label}</span>
            <span className="signal-timeline__time">
              {timeWithMillis(point.at)} <span className="signal-timeline__offset">{offsetText(point.offsetMs)}</span>
            </span>
            {point.note ? <span className="signal-timeline__note">{readNote(point.note)}</span> : null}
            <span className="signal-timeline__bar" style={{ width: `${(point.offsetMs / longest) * 100}%` }} aria-hidden="true" />
          </div>
        </li>
      ))}
    </ol>
  );
}
