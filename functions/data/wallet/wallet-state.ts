import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { tableName } from '../table';
import { storedBalanceOf, type StoredBalance } from './stored-balance';
import { walletKeys, type WalletOwner } from './wallet-keys';

/** The wallet as read: its balance, how many movements it has had and when the last one was written. */
export interface WalletState {
  readonly owner: WalletOwner;
  readonly balancePaise: number;
  /** Movements applied so far (0: never moved); every movement adds one, in the same transaction. */
  readonly seq: number;
  /** The instant of the last ledger entry: the next one is stamped after it, so time order is movement order. */
  readonly lastAt: string | null;
  /** What the balance was read from: the next movement's condition names exactly that. */
  readonly stored: StoredBalance;
}

/** The wallet's state from its user item, read strongly consistent; null when the user does not exist. */
export async function readWalletState(owner: WalletOwner): Promise<WalletState | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: walletKeys.balance(owner),
      ConsistentRead: true,
      ProjectionExpression: '#pk, credit_paise, wallet_seq, wallet_last_at, current_credit',
      ExpressionAttributeNames: { '#pk': 'PK' },
    }),
  );
  if (!Item) return null;
  const stored = storedBalanceOf(Item);
  return {
    owner,
    balancePaise: stored.paise,
    seq: typeof Item.wallet_seq === 'number' ? Item.wallet_seq : 0,
    lastAt: typeof Item.wallet_last_at === 'string' ? Item.wallet_last_at : null,
    stored,
  };
}
