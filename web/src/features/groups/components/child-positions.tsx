import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { GroupPositions } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { PositionsTable } from '@/entities/account-positions/components/positions-table';
import { SquareOffDialog } from '@/entities/account-positions/components/square-off-dialog';
import { useGroupRoutes } from '../group-routes';
import { PnlTotals } from './pnl-totals';

/** The master's or a child's positions as the group answer carries them. */
type AccountPositionsData = NonNullable<GroupPositions['master']> | GroupPositions['children'][number];

interface ChildPositionsProps {
  grpId: string;
  child: AccountPositionsData;
  /** The master is labelled as such and links to its account page; a child links to its page in the group. */
  role?: 'master' | 'child';
  dialogs: DialogSlot;
  /** After a position of this account was squared off on its own. */
  onChanged: () => void;
}

/** One account's positions within the group, each closable on its own; or why its broker could not be read. */
export function ChildPositions({ grpId, child, role = 'child', dialogs, onChanged }: ChildPositionsProps) {
  const headingId = `${role}-positions-${child.broker_id}`;
  const rows = child.positions?.positions ?? [];
  const routes = useGroupRoutes();
  const href = role === 'master' ? pathTo(paths.dematAccount, { broker_id: child.broker_id }) : routes.broker(grpId, child.broker_id);
  return (
    <Flex as="section" direction="column" gap="xs" aria-labelledby={headingId} className="child-positions" data-role={role}>
      <Heading level={4} id={headingId}>
        {role === 'master' ? 'Master: ' : null}
        <Link to={href}>{child.broker_combined_name}</Link>
      </Heading>
      {child.reason ? <Text variation="warning">{child.reason}</Text> : null}
      {child.positions && rows.length === 0 ? <Text variation="secondary">No positions today.</Text> : null}
      {child.positions && rows.length > 0 ? (
        <>
          <PnlTotals totals={child.positions.totals} readAt={child.positions.read_at} />
          <PositionsTable
            positions={rows}
            onSquareOff={(position) => {
              if (position.script_id === null) return;
              const close = () => {
                dialogs.close();
                onChanged();
              };
              dialogs.open(<SquareOffDialog brokerId={child.broker_id} position={{ ...position, script_id: position.script_id }} onClose={close} />);
            }}
          />
        </>
      ) : null}
    </Flex>
  );
}
