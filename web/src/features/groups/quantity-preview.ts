import type { BrokerAccount } from '@shared/contracts/broker';
import { GROUP_BROKER_TRADING_OFF_MESSAGE, type Group, type GroupBroker } from '@shared/contracts/groups';
import { childQuantity, type ChildQuantity } from '@shared/domain/group-quantities';
import { accountRefusal } from './account-refusal';

/** What one account of the group would trade for a ticket: its quantity, or why it trades nothing. */
export interface PreviewRow {
  key: string;
  name: string;
  role: 'master' | 'child';
  multiplier: number;
  share: ChildQuantity;
}

export interface PreviewInput {
  group: Pick<Group, 'master'>;
  children: readonly GroupBroker[];
  /** The user's accounts, for their own trading switches. */
  accounts: readonly BrokerAccount[];
  /** The ticket's quantity in units (NaN or undefined while the field is not a number). */
  masterQuantity: number | undefined;
  /** Units per lot for F&O, null for equities (`tradedLotSize`, as the server computes it). */
  lotSize: number | null;
}

/**
 * The group order's fan-out as the server will plan it (functions/groups/use-cases/group-order-plan.ts):
 * the master first with the ticket's quantity, then each child in the order added with the same
 * `childQuantity` the server uses, or the reason it is skipped.
 */
export function previewRows({ group, children, accounts, masterQuantity, lotSize }: PreviewInput): PreviewRow[] {
  const byId = new Map(accounts.map((account) => [account.broker_id, account]));
  const shareOf = (refusal: string | null, multiplier: number): ChildQuantity =>
    refusal ? { kind: 'none', reason: refusal } : childQuantity({ masterQuantity: masterQuantity ?? Number.NaN, multiplier, lotSize });
  const { master } = group;
  const masterRow: PreviewRow[] = master
    ? [{ key: 'master', name: master.broker_combined_name, role: 'master', multiplier: 1, share: shareOf(accountRefusal(master.status, byId.get(master.broker_id)), 1) }]
    : [];
  const childRows = children.map((child): PreviewRow => {
    const refusal = child.trading_enabled ? accountRefusal(child.status, byId.get(child.broker_id)) : GROUP_BROKER_TRADING_OFF_MESSAGE;
    return { key: child.grp_broker_id, name: child.broker_combined_name, role: 'child', multiplier: child.multiplier, share: shareOf(refusal, child.multiplier) };
  });
  return [...masterRow, ...childRows];
}
