import type { Group } from '@shared/contracts/groups';
import { formatCount } from '@/lib/format/number';
import { ORDER_COUNTER_LABELS, ORDER_COUNTERS } from '../group-counters';

/** The group's accounts and order counters (spec §3) as a compact list of figures. */
export function GroupCountersList({ group }: { group: Group }) {
  const figures: readonly [string, number][] = [
    ['Accounts', group.group_broker_count],
    ...ORDER_COUNTERS.map((counter): [string, number] => [ORDER_COUNTER_LABELS[counter], group[counter]]),
  ];
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
