import { PAISE_PER_RUPEE } from '../../../shared/domain/money';

/**
 * How the balance is stored on the user item — the one rule every reader of it follows:
 * - `credit_paise` (integer paise), written only by the wallet's movements (data/wallet);
 * - before the user's first movement, no balance attribute at all (a new user: 0), or the balance kept
 *   before the wallet existed: `current_credit` in rupees (whole credits). The first movement stores
 *   `credit_paise` and removes `current_credit` in its one transaction, so an item never holds both.
 */
export type StoredBalance =
  | { readonly kind: 'paise'; readonly paise: number }
  | { readonly kind: 'pre-wallet'; readonly paise: number; readonly rupees: number }
  | { readonly kind: 'none'; readonly paise: 0 };

export function storedBalanceOf(item: Readonly<Record<string, unknown>>): StoredBalance {
  const paise = item.credit_paise;
  if (typeof paise === 'number') return { kind: 'paise', paise };
  const rupees = item.current_credit;
  if (typeof rupees === 'number') return { kind: 'pre-wallet', paise: Math.round(rupees * PAISE_PER_RUPEE), rupees };
  return { kind: 'none', paise: 0 };
}
