import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { OrderGroup, Position, PositionAction } from '@shared/contracts/ordermanager';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { usePnlTrail } from '../hooks/use-pnl-trail';
import { isLive } from '../live-polling';
import { ALL_ACTION_ORDER, ALL_ACTIONS, isOutcomeAction, OUTCOME_ACTIONS } from '../position-actions';
import { ActionOutcomes, type ActionReport } from './action-outcomes';
import { AllPositionsDialog } from './all-positions-dialog';
import { DeletePositionDialog } from './delete-position-dialog';
import { PnlTrendChart } from './pnl-trend-chart';
import { PositionActionDialog } from './position-action-dialog';
import { PositionDialog } from './position-dialog';
import { PositionsTable } from './positions-table';

interface OrderGroupPositionsProps {
  group: OrderGroup;
  /** When the group was read (the query's `dataUpdatedAt`): one point of the P&L line per read. */
  readAt: number;
  dialogs: DialogSlot;
}

/**
 * A group's positions with live P&L: its total and the line of it over the polls, the all-actions it
 * offers, each position's allowed actions, and the report of the last action. The order manager page
 * and a JSON bridge's page both show a group through this one component.
 */
export function OrderGroupPositions({ group, readAt, dialogs }: OrderGroupPositionsProps) {
  const [report, setReport] = useState<ActionReport | null>(null);
  const trail = usePnlTrail(group.total_pnl, readAt);
  const offered = ALL_ACTION_ORDER.filter((action) => ALL_ACTIONS[action].isOffered(group));

  const onAction = (position: Position, action: PositionAction) => {
    if (isOutcomeAction(action)) {
      dialogs.open(
        <PositionActionDialog
          position={position}
          action={action}
          onClose={dialogs.close}
          onDone={(outcome) => setReport({ title: `${OUTCOME_ACTIONS[action].label} ${position.trading_symbol}`, outcomes: [outcome] })}
        />,
      );
    } else if (action === 'edit') {
      dialogs.open(<PositionDialog target={{ kind: 'edit', position }} onClose={dialogs.close} />);
    } else {
      dialogs.open(<DeletePositionDialog position={position} onClose={dialogs.close} />);
    }
  };

  return (
    <Flex direction="column" gap="small" className="om-positions-panel">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Flex alignItems="baseline" gap="xs" className="om-total" data-testid="group-total-pnl">
          <Text as="span" variation="secondary">
            Total P&amp;L
          </Text>
          <Text as="span" fontSize="large" fontWeight="semibold">
            <PnlValue amount={group.total_pnl} />
          </Text>
          {isLive(group) ? (
            <Text as="span" variation="secondary" fontSize="small">
              live
            </Text>
          ) : null}
        </Flex>
        <Flex gap="xs" wrap="wrap">
          <Button size="small" onClick={() => dialogs.open(<PositionDialog target={{ kind: 'add', ogId: group.og_id }} onClose={dialogs.close} />)}>
            Add position
          </Button>
          {offered.map((action) => (
            <Button
              key={action}
              size="small"
              variation={ALL_ACTIONS[action].variation === 'destructive' ? 'destructive' : 'primary'}
              onClick={() =>
                dialogs.open(
                  <AllPositionsDialog
                    group={group}
                    action={action}
                    onClose={dialogs.close}
                    onDone={(outcomes) => setReport({ title: `${ALL_ACTIONS[action].label} in ${group.og_name}`, outcomes })}
                  />,
                )
              }
            >
              {ALL_ACTIONS[action].label}
            </Button>
          ))}
        </Flex>
      </Flex>
      <PnlTrendChart trail={trail} label={`P&L of ${group.og_name} over time`} />
      {report ? <ActionOutcomes report={report} onDismiss={() => setReport(null)} /> : null}
      {group.position_data.length === 0 ? (
        <Text variation="secondary">No positions yet. Add one: it waits until you enter it or its entry condition is met.</Text>
      ) : (
        <PositionsTable positions={group.position_data} onAction={onAction} />
      )}
    </Flex>
  );
}
