import { MASTER_REJECTED_PREFIX } from '../../../shared/contracts/groups';

/**
 * Why a master order was not copied to the children, as its mirror record (and, for failures, the
 * user's notification) says it. One place for the texts, so the record and the notification agree.
 */
export const MIRROR_REASONS = {
  placedByCopyTrading: 'Placed by copy trading: a copy is never copied again.',
  cancelledBeforeCopy: 'Cancelled on the master before it could be copied.',
  groupTradingOff: 'Not copied: trading was turned off for the group when the master placed it.',
  masterRejected: (reason: string) => `${MASTER_REJECTED_PREFIX} (${reason})`,
  notInMaster: (exchange: string, symbol: string) => `Not copied: ${exchange} ${symbol} is not in the instrument master, so the children cannot trade it.`,
  unknownCodes: "Not copied: the master's order uses a transaction or order type the platform does not know.",
  ticketRefused: (problems: string) => `Not copied: ${problems}`,
} as const;
