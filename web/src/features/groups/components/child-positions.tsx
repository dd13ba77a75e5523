import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { GroupPositions } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { PositionsTable } from '@/entities/account-positions/components/positions-table';
import { SquareOffDialog } from '@/entities/account-positions/components/square-off-dialog';
import { PnlTotals } from './pnl-totals';

type ChildPositionsData = GroupPositions['children'][number];

interface ChildPositionsProps {
  grpId: string;
  child: ChildPositionsData;
  dialogs: DialogSlot;
  /** After a position of this account was squared off on its own. */
  onChanged: () => void;
}

/** One account's positions within the group, each closable on its own; or why its broker could not be read. */
export function ChildPositions({ grpId, child, dialogs, onChanged }: ChildPositionsProps) {
  const headingId = `child-positions-${child.grp_broker_id}`;
  const rows = child.positions?.positions ?? [];
  return (
    <Flex as="section" direction="column" gap="xs" aria-labelledby={headingId} className="child-positions">
      <Heading level={4} id={headingId}>
        <Link to={pathTo(paths.groupBroker, { group_id: grpId, broker_id: child.broker_id })}>{child.broker_combined_name}</Link>
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
