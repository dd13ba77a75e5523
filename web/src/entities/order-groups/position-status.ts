import type { BadgeVariations } from '@aws-amplify/ui-react';
import type { OpStatus, Position, PositionOutcome } from '@shared/contracts/ordermanager';

/** How each position state reads as a chip: the state's own word, coloured by what it means for the trader. */
export const STATUS_CHIPS: Readonly<Record<OpStatus, { label: string; variation: BadgeVariations | undefined; hint: string }>> = {
  WAITING: { label: 'WAITING', variation: 'warning', hint: 'Not entered yet: enters when asked or when its entry condition is met.' },
  OPEN: { label: 'OPEN', variation: 'info', hint: 'Entered; target, stop-loss and trailing are watched.' },
  EXITED: { label: 'EXITED', variation: undefined, hint: 'Closed.' },
  CANCELLED: { label: 'CANCELLED', variation: undefined, hint: 'Cancelled before it entered.' },
  GROUP_TGT: { label: 'GROUP_TGT', variation: 'success', hint: "Closed when the group's target was reached." },
  GROUP_SL: { label: 'GROUP_SL', variation: 'error', hint: "Closed when the group's stop-loss was hit." },
};

/** What closed a position, by the leg whose order exited it (spec §4 legs). */
export const EXIT_LEG_TEXTS: Readonly<Record<NonNullable<Position['exit_leg']>, string>> = {
  TGT: 'Exited when the price reached its target.',
  SL: 'Exited when the price hit its stop-loss.',
  TRADING: 'Exited when asked, or marked as exited.',
  START_TIME: "Closed at the start of the group's trading window.",
  END_TIME: "Exited at the end of the group's trading window.",
};

type Outcome = PositionOutcome['outcome'];

/** How an action's outcome reads: the alert's colour and the words before the reason. */
export const OUTCOME_TEXTS: Readonly<Record<Outcome, { variation: 'success' | 'warning' | 'error' | 'info'; label: string }>> = {
  done: { variation: 'success', label: 'Done' },
  refused: { variation: 'warning', label: 'Refused' },
  failed: { variation: 'error', label: 'Failed' },
  unknown: { variation: 'info', label: 'Unknown, being checked with the broker' },
};

/** The worst outcome of a batch decides the colour of its summary. */
const SEVERITY: readonly Outcome[] = ['failed', 'unknown', 'refused', 'done'];

export function worstOutcome(outcomes: readonly { outcome: Outcome }[]): Outcome {
  return SEVERITY.find((outcome) => outcomes.some((entry) => entry.outcome === outcome)) ?? 'done';
}
