import type { Group } from '@shared/contracts/groups';
import { formatCount } from '@/lib/format/number';
import { groupFigures, type CounterFigure } from '../group-counters';

/** The group's counters (by default its accounts and order counters) as a compact list of figures. */
export function GroupCountersList({ group, figures = groupFigures(group) }: { group: Group; figures?: readonly CounterFigure[] }) {
  return (
    <dl className="group-counters" aria-label={`${group.grp_name} counters`}>
      {figures.map(([label, value]) => (
        <div key={label} className="group-counters__figure">
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
