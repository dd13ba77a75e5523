import type { RequestOf, ResponseOf } from '../../shared/contracts/define-call';
import type { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { rupeesFromPaise } from '../../shared/domain/money';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { notifyUser } from '../notifications/notify-user';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { moveWallet, NOT_ENOUGH_CREDIT_MESSAGE } from '../wallet/move-wallet';
import { transferBetweenWallets } from '../wallet/transfer-between-wallets';
import { findManagedSubUser } from './sub-user-scope';

type CreditDebitRequest = RequestOf<typeof subUserViewContracts.creditDebitSubUser>;
type CreditDebitAnswer = ResponseOf<typeof subUserViewContracts.creditDebitSubUser>;

export const FRANCHISE_MONEY_FORBIDDEN_MESSAGE = 'Only the broker panel can grant or withdraw credit without a wallet.';
export const PARENT_SHORT_OF_CREDIT_MESSAGE = 'Not enough credit in your wallet.';
export const SUB_USER_SHORT_OF_CREDIT_MESSAGE = "Not enough credit in the sub-user's wallet.";
export const SUB_USER_WALLET_NOTIFICATION_TYPE = 'Wallet';

const nameOf = (user: Pick<UserItem, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();
const rupees = (paise: number) => `₹${rupeesFromPaise(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The parent's wallet pays a credit and receives a debit: one transfer, both ledger entries in one
 * transaction. The key is the parent's (`subuser-transfer#<parent>-<client key>`), so two parents'
 * keys never meet, and the same key on both wallets.
 */
async function transferWithParent(principal: Principal, subUser: UserItem, request: CreditDebitRequest): Promise<CreditDebitAnswer> {
  const parent = await getUser(principal.frchId, principal.userId);
  if (!parent) throw new NotFoundError('User not found');
  const parentSide = { owner: { frchId: principal.frchId, userId: principal.userId }, reference: { sub_user_id: String(subUser.user_id) } };
  const subSide = { owner: { frchId: subUser.frch_id, userId: subUser.user_id }, reference: { parent_user_id: String(principal.userId) } };
  const crediting = request.type === 'credit';
  const applied = await transferBetweenWallets({
    payer: crediting
      ? { ...parentSide, description: `Credit to ${nameOf(subUser)} (#${subUser.user_id})`, shortOfCredit: PARENT_SHORT_OF_CREDIT_MESSAGE }
      : { ...subSide, description: `Taken back by ${nameOf(parent)}`, shortOfCredit: SUB_USER_SHORT_OF_CREDIT_MESSAGE },
    payee: crediting ? { ...subSide, description: `Credit from ${nameOf(parent)}` } : { ...parentSide, description: `Taken back from ${nameOf(subUser)} (#${subUser.user_id})` },
    amountPaise: request.amount_paise,
    reason: 'subuser_transfer',
    idempotencyKey: `subuser-transfer#${principal.userId}-${request.idempotency_key}`,
  });
  const [parentMove, subMove] = crediting ? [applied.payer, applied.payee] : [applied.payee, applied.payer];
  return { sub_user_balance_paise: subMove.balanceAfterPaise, parent_balance_paise: parentMove.balanceAfterPaise, replayed: applied.kind === 'replayed' };
}

/** The broker panel grants or withdraws credit with no wallet on its side: one movement of the sub-user's wallet, naming who and why. */
async function franchiseMove(principal: Principal, subUser: UserItem, request: CreditDebitRequest): Promise<CreditDebitAnswer> {
  const crediting = request.type === 'credit';
  try {
    const applied = await moveWallet({
      owner: { frchId: subUser.frch_id, userId: subUser.user_id },
      direction: request.type,
      amountPaise: request.amount_paise,
      reason: crediting ? 'franchise_grant' : 'franchise_withdrawal',
      reference: { admin_user_id: String(principal.userId) },
      description: request.reason ?? '',
      idempotencyKey: `franchise-credit#${principal.userId}-${request.idempotency_key}`,
    });
    return { sub_user_balance_paise: applied.movement.balanceAfterPaise, parent_balance_paise: null, replayed: applied.kind === 'replayed' };
  } catch (error) {
    if (error instanceof BusinessRuleError && error.message === NOT_ENOUGH_CREDIT_MESSAGE) throw new BusinessRuleError(SUB_USER_SHORT_OF_CREDIT_MESSAGE);
    throw error;
  }
}

/**
 * `creditdebitsubuser`: moves credit between the caller and a sub-user it manages (404 otherwise), or —
 * the broker panel only (403 otherwise) — grants or withdraws it without a wallet. The sub-user is told
 * of every movement of its wallet (not of a replay, which moved nothing).
 */
export async function creditDebitSubUser(principal: Principal, request: CreditDebitRequest, log: Logger): Promise<CreditDebitAnswer> {
  if (request.source === 'franchise' && !principal.roles.is_brokerpanel) throw new ForbiddenError(FRANCHISE_MONEY_FORBIDDEN_MESSAGE);
  const subUser = await findManagedSubUser(principal, request.sub_user_id);
  const answer = request.source === 'franchise' ? await franchiseMove(principal, subUser, request) : await transferWithParent(principal, subUser, request);
  if (!answer.replayed) {
    const amount = rupees(request.amount_paise);
    const message =
      request.type === 'credit'
        ? `${amount} was added to your wallet${request.source === 'franchise' ? ' by the broker panel' : ' by your parent account'}.`
        : `${amount} was taken from your wallet${request.source === 'franchise' ? ' by the broker panel' : ' by your parent account'}.`;
    try {
      await notifyUser(subUser.frch_id, subUser.user_id, { notifyType: SUB_USER_WALLET_NOTIFICATION_TYPE, message }, log);
    } catch (error) {
      // The money has moved: a notification that could not be stored must not turn the answer into an error.
      log.warn('sub-user wallet notification not stored', { error });
    }
  }
  return answer;
}
