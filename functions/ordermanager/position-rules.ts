import { ENTRY_FIELDS, type OpStatus, type PositionAction } from '../../shared/contracts/ordermanager';

/**
 * The order manager's state rules (spec §4, DESIGN.md §5), pure: which actions each position state
 * allows, where each action leads, and which all-actions a group offers. The repository's conditional
 * writes enforce the same `from` states, so a rule decided on a stale read cannot be applied.
 */
export const ALLOWED_ACTIONS: Readonly<Record<OpStatus, readonly PositionAction[]>> = {
  WAITING: ['enter', 'cancel', 'edit', 'delete'],
  // An OPEN position holds a live broker position: it must be exited (or marked) before it can go.
  OPEN: ['exit', 'markasexited', 'edit'],
  EXITED: ['delete'],
  CANCELLED: ['delete'],
  GROUP_TGT: ['delete'],
  GROUP_SL: ['delete'],
};

/** The state each moving action leads to; `edit` and `delete` do not move a position. */
export const ACTION_TARGETS = {
  enter: 'OPEN',
  exit: 'EXITED',
  cancel: 'CANCELLED',
  markasexited: 'EXITED',
} as const satisfies Partial<Record<PositionAction, OpStatus>>;

const ACTION_WORDS: Readonly<Record<PositionAction, string>> = {
  enter: 'entered',
  exit: 'exited',
  cancel: 'cancelled',
  markasexited: 'marked as exited',
  edit: 'edited',
  delete: 'deleted',
};

export function allowedActions(status: OpStatus): readonly PositionAction[] {
  return ALLOWED_ACTIONS[status];
}

/** Why a position in `status` cannot take `action`, or null when it can. */
export function actionRefusal(action: PositionAction, status: OpStatus): string | null {
  if (ALLOWED_ACTIONS[status].includes(action)) return null;
  const from = (Object.keys(ALLOWED_ACTIONS) as OpStatus[]).filter((state) => ALLOWED_ACTIONS[state].includes(action));
  return `This position is ${status}: it cannot be ${ACTION_WORDS[action]} (only ${from.join(' or ')} positions can).`;
}

/** Which fields an edit may change in a state: all of them while WAITING, only the exit levels once OPEN. */
export function editRefusal(status: OpStatus, fields: readonly string[]): string | null {
  const refusal = actionRefusal('edit', status);
  if (refusal !== null) return refusal;
  if (status === 'WAITING') return null;
  const entryFields = fields.filter((field) => (ENTRY_FIELDS as readonly string[]).includes(field));
  return entryFields.length === 0 ? null : `An OPEN position has entered: only its target, stop-loss and trailing can change (not ${entryFields.join(', ')}).`;
}

export interface GroupOffers {
  readonly can_exit_all: boolean;
  readonly can_cancel_all: boolean;
  readonly can_execute_all: boolean;
  readonly open_position_count: number;
  readonly waiting_position_count: number;
}

/** Spec §4: exit-all while any position is OPEN, cancel-all and execute-all while any is WAITING; the counts are derived. */
export function groupOffers(statuses: readonly OpStatus[]): GroupOffers {
  const open = statuses.filter((status) => status === 'OPEN').length;
  const waiting = statuses.filter((status) => status === 'WAITING').length;
  return { can_exit_all: open > 0, can_cancel_all: waiting > 0, can_execute_all: waiting > 0, open_position_count: open, waiting_position_count: waiting };
}

/** Spec §4: the place-order flag becomes false once any position is in a group target or stop-loss state. */
export function groupTargetHit(statuses: readonly OpStatus[]): boolean {
  return statuses.some((status) => status === 'GROUP_TGT' || status === 'GROUP_SL');
}
