import { ordermanagerContracts, type PositionAction } from '@shared/contracts/ordermanager';

/** The actions that answer an outcome (done / refused / failed / unknown); edit and delete have their own flows. */
export type OutcomeAction = Extract<PositionAction, 'enter' | 'exit' | 'cancel' | 'markasexited'>;

interface OutcomeActionInfo {
  label: string;
  contract: (typeof ordermanagerContracts)['enterPosition' | 'exitPosition' | 'cancelPosition' | 'markAsExitedPosition'];
  /** Asked before sending: the action places an order or closes the position for good. */
  confirm: string;
  variation: 'primary' | 'destructive';
}

export const OUTCOME_ACTIONS: Readonly<Record<OutcomeAction, OutcomeActionInfo>> = {
  enter: {
    label: 'Enter',
    contract: ordermanagerContracts.enterPosition,
    confirm: 'Places the entry order now on its account; the position becomes OPEN once it fills.',
    variation: 'primary',
  },
  exit: {
    label: 'Exit',
    contract: ordermanagerContracts.exitPosition,
    confirm: 'Places one opposite MARKET order on its account to close the position.',
    variation: 'destructive',
  },
  cancel: {
    label: 'Cancel',
    contract: ordermanagerContracts.cancelPosition,
    confirm: 'The position will not enter; no order is placed.',
    variation: 'destructive',
  },
  markasexited: {
    label: 'Mark as exited',
    contract: ordermanagerContracts.markAsExitedPosition,
    confirm: 'Records the position as EXITED without placing an order: use it when you closed it outside the platform.',
    variation: 'destructive',
  },
};

/** The order the buttons of a row appear in, whatever order the server lists `allowed_actions` in. */
export const ROW_ACTION_ORDER: readonly PositionAction[] = ['enter', 'exit', 'cancel', 'markasexited', 'edit', 'delete'];

export const isOutcomeAction = (action: PositionAction): action is OutcomeAction => action in OUTCOME_ACTIONS;

/** The all-at-once actions of a group (spec §4), each offered while its flag on the group says so. */
export type AllAction = 'exitAll' | 'cancelAll' | 'executeAll';

interface AllActionInfo {
  label: string;
  contract: (typeof ordermanagerContracts)['exitAllPosition' | 'cancelAllPosition' | 'enterAllPosition'];
  isOffered: (group: { can_exit_all: boolean; can_cancel_all: boolean; can_execute_all: boolean }) => boolean;
  confirm: string;
  variation: 'primary' | 'destructive';
}

export const ALL_ACTIONS: Readonly<Record<AllAction, AllActionInfo>> = {
  executeAll: {
    label: 'Execute all',
    contract: ordermanagerContracts.enterAllPosition,
    isOffered: (group) => group.can_execute_all,
    confirm: 'Enters every WAITING position of the group now, each with its order on its account.',
    variation: 'primary',
  },
  cancelAll: {
    label: 'Cancel all',
    contract: ordermanagerContracts.cancelAllPosition,
    isOffered: (group) => group.can_cancel_all,
    confirm: 'Cancels every WAITING position of the group; no order is placed.',
    variation: 'destructive',
  },
  exitAll: {
    label: 'Exit all',
    contract: ordermanagerContracts.exitAllPosition,
    isOffered: (group) => group.can_exit_all,
    confirm: 'Exits every OPEN position of the group with an opposite MARKET order each.',
    variation: 'destructive',
  },
};

export const ALL_ACTION_ORDER: readonly AllAction[] = ['executeAll', 'cancelAll', 'exitAll'];
