import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { PositionOutcome } from '@shared/contracts/ordermanager';
import { OUTCOME_TEXTS, worstOutcome } from '../position-status';

/** What the last action did to each position it touched, with the reason when it was not done. */
export interface ActionReport {
  title: string;
  outcomes: readonly PositionOutcome[];
}

/** The report of the last action (one position or all of a group), until dismissed or replaced. */
export function ActionOutcomes({ report, onDismiss }: { report: ActionReport; onDismiss: () => void }) {
  const worst = OUTCOME_TEXTS[worstOutcome(report.outcomes)];
  return (
    <Alert variation={worst.variation} role="status" aria-label={report.title} className="action-outcomes">
      <Flex direction="column" gap="xxs">
        <Flex justifyContent="space-between" alignItems="center" gap="small">
          <Text fontWeight="semibold">{report.title}</Text>
          <Button size="small" variation="link" onClick={onDismiss}>
            Dismiss
          </Button>
        </Flex>
        {report.outcomes.length === 0 ? <Text>No position needed it.</Text> : null}
        <ul className="action-outcomes__list">
          {report.outcomes.map((entry) => (
            <li key={entry.op_id} data-outcome={entry.outcome}>
              <strong>{entry.position.trading_symbol}</strong>: {OUTCOME_TEXTS[entry.outcome].label}
              {entry.reason ? ` — ${entry.reason}` : ''} (now {entry.position.op_status})
            </li>
          ))}
        </ul>
      </Flex>
    </Alert>
  );
}
